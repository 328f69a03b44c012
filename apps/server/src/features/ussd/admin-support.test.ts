import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { supportRequests, type SupportTopic } from '#src/db/schema/ussd.ts';
import { approvedAgent, serveCustomer } from '../../../test/agent-helpers.ts';
import { appWithAdmin, signedInAdmin, signedInCustomer } from '../../../test/catalog-admin.ts';

const app = appWithAdmin();

/** A customer's call-back request, as the USSD menu records it. */
async function requested(customerId: string, topic: SupportTopic = 'payment') {
  const [row] = await app.ctx.db
    .insert(supportRequests)
    .values({ customerId, channel: 'ussd', sessionId: `ATUid_${randomUUID()}`, topic })
    .returning();
  return row!;
}

const handle = (id: string, body: unknown = {}, api = app.admin.api) =>
  api.post(`/api/admin/support-requests/${id}/handled`, body);

describe('call-back requests for admins', () => {
  it("lists open requests with the customer's agent by name, and their phone", async () => {
    const customer = await signedInCustomer(app.ctx);
    const agent = await approvedAgent(app.ctx, app.admin.api);
    await serveCustomer(app.ctx.db, {
      agentId: agent.id,
      customerId: customer.id,
      consentExpiresAt: new Date(Date.now() + 86_400_000),
    });
    const request = await requested(customer.id, 'device');
    const listed = await app.admin.api.get('/api/admin/support-requests');
    expect(listed.status).toBe(200);
    const item = listed.body.items.find((i: { id: string }) => i.id === request.id);
    expect(item).toMatchObject({
      customerId: customer.id,
      topic: 'device',
      status: 'open',
      agent: { id: agent.id, name: expect.any(String) },
      handledBy: null,
      handledAt: null,
      handledNote: null,
    });
    expect(item.agent.name.length).toBeGreaterThan(0);
  });

  it('marks a request handled by the admin, with the note, once however often it is asked', async () => {
    const customer = await signedInCustomer(app.ctx);
    const request = await requested(customer.id);
    const first = await handle(request.id, { note: '  Called back; paid by paybill.  ' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id: request.id,
      status: 'handled',
      handledBy: { id: app.admin.id },
      handledNote: 'Called back; paid by paybill.',
    });
    expect(Date.parse(first.body.handledAt)).not.toBeNaN();

    const again = await handle(request.id, { note: 'A second note' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    const open = await app.admin.api.get('/api/admin/support-requests');
    expect(open.body.items.map((i: { id: string }) => i.id)).not.toContain(request.id);
    const handled = await app.admin.api.get('/api/admin/support-requests?status=handled');
    expect(handled.body.items[0]).toEqual(first.body);
  });

  it("refuses a request another admin handled, and keeps that admin's note", async () => {
    const customer = await signedInCustomer(app.ctx);
    const request = await requested(customer.id);
    expect((await handle(request.id, { note: 'Mine' })).status).toBe(200);
    const other = await signedInAdmin(app.ctx);
    const refused = await handle(request.id, { note: 'Theirs' }, other.api);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('support_handled');
    const handled = await app.admin.api.get('/api/admin/support-requests?status=handled');
    const item = handled.body.items.find((i: { id: string }) => i.id === request.id);
    expect(item).toMatchObject({ handledBy: { id: app.admin.id }, handledNote: 'Mine' });
  });

  it('answers an unknown id 404, a malformed id or long note 400, and a customer 403', async () => {
    const customer = await signedInCustomer(app.ctx);
    const request = await requested(customer.id);
    expect((await handle(randomUUID())).status).toBe(404);
    expect((await handle('not-an-id')).status).toBe(400);
    expect((await handle(request.id, { note: 'x'.repeat(501) })).status).toBe(400);
    expect((await handle(request.id, {}, customer.api)).status).toBe(403);
    expect((await customer.api.get('/api/admin/support-requests')).status).toBe(403);
    const still = await app.admin.api.get('/api/admin/support-requests');
    expect(still.body.items.map((i: { id: string }) => i.id)).toContain(request.id);
  });

  it('documents every answer the routes give', async () => {
    const doc = (await (await app.ctx.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, { properties: Record<string, unknown>; required?: string[] }> };
    };
    const documented = doc.components.schemas.SupportRequest!;
    const customer = await signedInCustomer(app.ctx);
    const answered = (await handle((await requested(customer.id, 'order')).id, { note: 'Delivered' })).body;
    expect(Object.keys(answered).sort()).toEqual(Object.keys(documented.properties).sort());
    expect([...(documented.required ?? [])].sort()).toEqual(Object.keys(answered).sort());
    const handled = doc.paths['/api/admin/support-requests/{id}/handled']?.post;
    expect(Object.keys(handled?.responses ?? {}).sort()).toEqual(['200', '400', '401', '403', '404', '409', '413']);
    const list = doc.paths['/api/admin/support-requests']?.get;
    expect(Object.keys(list?.responses ?? {}).sort()).toEqual(['200', '400', '401', '403']);
  });
});
