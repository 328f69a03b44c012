import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycDocuments } from '#src/db/schema/kyc.ts';
import { signedInCustomer } from '../../../test/catalog-admin.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { KYC_UPLOADS_PER_DAY } from './kyc-documents.ts';

let ctx: TestContext;
let jpeg: Uint8Array;
beforeAll(async () => {
  ctx = await createTestContext();
  jpeg = new Uint8Array(
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c08040' } })
      .jpeg()
      .toBuffer(),
  );
});
afterAll(async () => ctx.close());

const storedFile = async (documentId: string) => {
  const [row] = await ctx.db.select().from(kycDocuments).where(eq(kycDocuments.id, documentId));
  return { row: row!, bytes: (await ctx.documents.get(row!.storageKey))! };
};

describe('identity-check uploads', () => {
  it('stores a photo re-encoded as a JPEG: upright, no camera or GPS details, at most 2000 px', async () => {
    const { api } = await signedInCustomer(ctx);
    // A phone photo held sideways (EXIF orientation 6), with the camera and a GPS position in it.
    const photo = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#3060a0' } })
      .png()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: 'TECNO', Model: 'KG5' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '0/1 20/1 0/1' } })
      .toBuffer();
    const answer = await api.upload('/api/kyc/documents/selfie', new Uint8Array(photo), 'me.png', 'image/png');
    expect(answer.status).toBe(201);
    expect(answer.body.documents[0].contentType).toBe('image/jpeg');
    const { row, bytes } = await storedFile(answer.body.documents[0].id);
    const stored = await sharp(bytes).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 667, height: 2000 });
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(bytes.toString('latin1')).not.toContain('TECNO');
    expect(row.bytes).toBe(bytes.byteLength);
  });

  it('refuses a photo that cannot be decoded, and stores nothing', async () => {
    const { id, api } = await signedInCustomer(ctx);
    const broken = jpeg.slice(0, 200);
    const answer = await api.upload('/api/kyc/documents/id_document', broken, 'id.jpg');
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe('unreadable_file');
    expect(await ctx.db.select().from(kycDocuments).where(eq(kycDocuments.userId, id))).toEqual([]);
  });

  it(`takes at most ${KYC_UPLOADS_PER_DAY} files a day for one check, then answers 429`, async () => {
    const { id, api } = await signedInCustomer(ctx);
    for (let i = 0; i < KYC_UPLOADS_PER_DAY; i++) {
      const kind = i % 2 ? 'selfie' : 'id_document';
      expect((await api.upload(`/api/kyc/documents/${kind}`, jpeg)).status).toBe(201);
    }
    const refused = await api.upload('/api/kyc/documents/selfie', jpeg);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'too_many_uploads', message: expect.stringMatching(/24 hours/) });
    const rows = await ctx.db.select().from(kycDocuments).where(eq(kycDocuments.userId, id));
    expect(rows).toHaveLength(KYC_UPLOADS_PER_DAY);
    // Each replaced file is gone from storage; only the current two are kept.
    const kept = await Promise.all(rows.map((r) => ctx.documents.exists(r.storageKey)));
    expect(kept.filter(Boolean)).toHaveLength(2);
    expect(rows.filter((_, i) => kept[i]).every((r) => !r.replacedAt)).toBe(true);
  });
});
