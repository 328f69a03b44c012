import { MOBILE_NETWORKS, NETWORK_NAMES } from '@ecogrid/core/payments';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '#src/platform/http.ts';

const networksSchema = z
  .object({
    testMoney: z
      .boolean()
      .describe('True while any network goes to the built-in sandbox: no real money moves, and screens say so'),
    paybillNumber: z
      .string()
      .nullable()
      .describe('The business number customers pay by paybill with their account number; null when there is none'),
    networks: z.array(
      z.object({
        network: z.enum(MOBILE_NETWORKS),
        name: z.string(),
        mode: z
          .enum(['live', 'sandbox', 'off'])
          .describe("'live': the network's real API; 'sandbox': test money; 'off': takes no payment"),
      }),
    ),
  })
  .openapi('MobileMoneyNetworks');

const networksRoute = createRoute({
  method: 'get',
  path: '/mobile-money/networks',
  operationId: 'getMobileMoneyNetworks',
  tags: ['payments'],
  summary: 'The mobile-money networks this EcoGrid takes, and whether payments are test money',
  security: [],
  responses: {
    200: { description: 'The networks', content: { 'application/json': { schema: networksSchema } } },
  },
});

export const networkRoutes = createRouter().openapi(networksRoute, (c) => {
  const { modes, paybillNumber } = c.var.mobileMoney;
  c.header('Cache-Control', 'no-cache');
  return c.json(
    {
      testMoney: MOBILE_NETWORKS.some((network) => modes[network] === 'sandbox'),
      paybillNumber,
      networks: MOBILE_NETWORKS.map((network) => ({ network, name: NETWORK_NAMES[network], mode: modes[network] })),
    },
    200,
  );
});
