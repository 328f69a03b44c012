import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { supportTicketPhotos } from '#src/db/schema/support.ts';
import { servedCustomer } from '../../../test/agent-helpers.ts';
import { TEST_ORIGIN } from '../../../test/test-app.ts';
import { appWithAdmin, signedInCustomer, type Client } from '../../../test/catalog-admin.ts';
import { FAULT, noticesOf, opened } from './ticket-test-setup.ts';

const app = appWithAdmin();

/** A photo as a phone sends it: a JPEG with the camera's EXIF, turned on its side. */
async function phonePhoto(width = 1200, height = 900) {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#c08040' } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'PhoneMaker', Model: 'Field 2' } } })
    .toBuffer();
  return new Uint8Array(bytes);
}

/** The picture's bytes as the browser fetches it (cookie), with status and headers. */
async function fetchPhoto(api: Client, path: string) {
  const response = await app.ctx.request(path, { headers: { origin: TEST_ORIGIN, cookie: api.cookie! } });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

describe('photos on a ticket', () => {
  it('keeps a customer’s photo upright as a JPEG without metadata, shown to them, their agent and staff only', async () => {
    const { customer, agent } = await servedCustomer(app.ctx, app.admin.api);
    const stranger = await signedInCustomer(app.ctx);
    const ticket = await opened(customer.api);

    const added = await customer.api.upload(
      `/api/support/tickets/${ticket.id}/photos`,
      await phonePhoto(),
      'IMG_2041.jpg',
    );
    expect(added.status).toBe(201);
    expect(added.body.photos).toEqual([
      {
        id: expect.any(String),
        uploadedBy: { id: customer.id, name: expect.any(String) },
        createdAt: expect.any(String),
      },
    ]);
    const photoId = added.body.photos[0].id as string;

    const mine = await fetchPhoto(customer.api, `/api/support/tickets/${ticket.id}/photos/${photoId}`);
    expect(mine.status).toBe(200);
    expect(mine.type).toBe('image/jpeg');
    const kept = await sharp(mine.bytes).metadata();
    // Turned upright by its orientation: 1200 × 900 on its side is 900 × 1200.
    expect({ width: kept.width, height: kept.height, exif: kept.exif, orientation: kept.orientation }).toEqual({
      width: 900,
      height: 1200,
      exif: undefined,
      orientation: undefined,
    });
    expect(mine.bytes.includes('PhoneMaker')).toBe(false);

    const agents = await fetchPhoto(agent.api, `/api/agent/support/tickets/${ticket.id}/photos/${photoId}`);
    expect(agents.status).toBe(200);
    expect(agents.bytes.equals(mine.bytes)).toBe(true);
    const staff = await fetchPhoto(app.admin.api, `/api/admin/support/tickets/${ticket.id}/photos/${photoId}`);
    expect(staff.status).toBe(200);
    expect((await app.admin.api.get(`/api/admin/support/tickets/${ticket.id}`)).body.photos).toHaveLength(1);

    expect((await fetchPhoto(stranger.api, `/api/support/tickets/${ticket.id}/photos/${photoId}`)).status).toBe(404);
    const strangerAdds = await stranger.api.upload(`/api/support/tickets/${ticket.id}/photos`, await phonePhoto());
    expect(strangerAdds.status).toBe(404);
    const otherTicket = await opened(stranger.api);
    expect((await fetchPhoto(stranger.api, `/api/support/tickets/${otherTicket.id}/photos/${photoId}`)).status).toBe(
      404,
    );

    // The agent adds one for the customer, named as theirs.
    const byAgent = await agent.api.upload(
      `/api/agent/support/tickets/${ticket.id}/photos`,
      await phonePhoto(600, 400),
    );
    expect(byAgent.status).toBe(201);
    expect(byAgent.body.photos.map((p: { uploadedBy: { id: string } }) => p.uploadedBy.id)).toEqual([
      customer.id,
      agent.id,
    ]);
  });

  it('refuses what is not a photo, an empty file and a sixth photo, and changes nothing', async () => {
    const customer = await signedInCustomer(app.ctx);
    const ticket = await opened(customer.api, { ...FAULT, category: 'other' });
    const path = `/api/support/tickets/${ticket.id}/photos`;

    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const notPhoto = await customer.api.upload(path, pdf, 'fault.jpg');
    expect(notPhoto.status).toBe(415);
    expect(notPhoto.body.error.code).toBe('unsupported_file');
    expect((await customer.api.upload(path, new Uint8Array(0))).status).toBe(400);
    const broken = new Uint8Array([
      0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 1, 2, 3,
    ]);
    expect((await customer.api.upload(path, broken)).status).toBe(422);
    const noFile = await app.ctx.request(path, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, cookie: customer.api.cookie!, 'content-type': 'application/json' },
      body: '{}',
    });
    // Not multipart at all: refused before the route reads it.
    expect(noFile.status).toBe(415);

    for (let i = 0; i < 5; i++) expect((await customer.api.upload(path, await phonePhoto(300, 200))).status).toBe(201);
    const sixth = await customer.api.upload(path, await phonePhoto(300, 200));
    expect(sixth.status).toBe(409);
    expect(sixth.body.error.code).toBe('photo_limit_reached');
    const rows = await app.ctx.db.select().from(supportTicketPhotos).where(eq(supportTicketPhotos.ticketId, ticket.id));
    expect(rows).toHaveLength(5);
  });

  it('answers in the customer’s language when a photo is refused', async () => {
    const customer = await signedInCustomer(app.ctx);
    const ticket = await opened(customer.api);
    await customer.api.patch('/api/me', { preferredLanguage: 'swahili' });
    const refused = await customer.api.upload(
      `/api/support/tickets/${ticket.id}/photos`,
      new TextEncoder().encode('hello'),
    );
    expect(refused.status).toBe(415);
    expect(refused.body.error.message).toBe('Tuma picha: JPEG, PNG au WebP.');
  });

  it('takes a photo sent when support asked for one as the customer’s answer: back in the queue, staff told', async () => {
    const customer = await signedInCustomer(app.ctx);
    const ticket = await opened(customer.api);
    const asked = await app.admin.api.post(`/api/admin/support/tickets/${ticket.id}/messages`, {
      kind: 'info_request',
      body: 'Please send a photo of the label under the battery.',
    });
    expect(asked.body.status).toBe('waiting_on_customer');
    const before = (await noticesOf(app.ctx, app.admin.id)).length;
    const sent = await customer.api.upload(`/api/support/tickets/${ticket.id}/photos`, await phonePhoto(300, 200));
    expect(sent.status).toBe(201);
    expect(sent.body.status).toBe('open');
    const notices = await noticesOf(app.ctx, app.admin.id);
    expect(notices.slice(before).map((n) => n.title)).toEqual(['Customer replied']);
  });

  it('takes no photo on a resolved ticket', async () => {
    const customer = await signedInCustomer(app.ctx);
    const ticket = await opened(customer.api, { ...FAULT, category: 'account' });
    const resolved = await app.admin.api.post(`/api/admin/support/tickets/${ticket.id}/resolution`, {
      outcome: 'answer',
      body: 'Your account is fixed.',
    });
    expect(resolved.status).toBe(200);
    const refused = await customer.api.upload(`/api/support/tickets/${ticket.id}/photos`, await phonePhoto(300, 200));
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('ticket_resolved');
  });
});
