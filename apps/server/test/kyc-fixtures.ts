import sharp from 'sharp';

/** The identity check's details, as a customer (or an agent for them) types them. */
export const personal = { legalName: 'Sarah Nakato', dateOfBirth: '1990-04-12', gender: 'female' };
export const address = { district: 'Kampala', subCounty: 'Kampala Central', village: 'Church Zone' };
export const identity = { idType: 'national_id', idNumber: 'CM90012345678X' };
export const pdf = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A small photo as JPEG and as PNG, for uploads. */
export async function testPictures(): Promise<{ jpeg: Uint8Array; png: Uint8Array }> {
  const picture = sharp({ create: { width: 64, height: 48, channels: 3, background: '#c08040' } });
  return {
    jpeg: new Uint8Array(await picture.clone().jpeg().toBuffer()),
    png: new Uint8Array(await picture.clone().png().toBuffer()),
  };
}
