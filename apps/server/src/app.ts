import { requestId } from 'hono/request-id';
import { HTTPException } from 'hono/http-exception';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Settings } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createAuth, type Auth } from './features/auth/auth.ts';
import { createSessionCache, type SessionCache } from './features/auth/session-cache.ts';
import { catalogCacheOf } from './features/catalog/catalog-cache.ts';
import { adminAgentRoutes } from './features/agents/admin-agents.routes.ts';
import { agentMoneyRoutes } from './features/agents/agent-money.routes.ts';
import { agentRoutes } from './features/agents/agents.routes.ts';
import { customerBookRoutes } from './features/agents/customer-books.routes.ts';
import { fieldRoutes } from './features/agents/field.routes.ts';
import { leadRoutes } from './features/agents/lead.routes.ts';
import { agentSaleRoutes } from './features/agents/sales.routes.ts';
import { adminRoutes } from './features/auth/admin.routes.ts';
import { securitySummaryRoutes } from './features/auth/security-summary.routes.ts';
import { meRoutes } from './features/auth/me.routes.ts';
import { dashboardRoutes } from './features/dashboard/dashboard.routes.ts';
import { businessSummaryRoutes } from './features/dashboard/business-summary.routes.ts';
import { reportRoutes } from './features/reports/reports.routes.ts';
import { systemReportRoutes } from './features/reports/system-report.routes.ts';
import { transformationPlanRoutes } from './features/dashboard/transformation-plan.routes.ts';
import { campaignRoutes } from './features/campaigns/campaigns.routes.ts';
import { cartRoutes } from './features/cart/cart.routes.ts';
import { orderRoutes } from './features/orders/orders.routes.ts';
import { placeRoutes } from './features/places/places.routes.ts';
import { adminCatalogRoutes } from './features/catalog/admin-catalog.routes.ts';
import { adminStockRoutes } from './features/catalog/admin-stock-locations.routes.ts';
import { catalogRoutes } from './features/catalog/catalog.routes.ts';
import { reviewRoutes } from './features/catalog/reviews.routes.ts';
import { mediaRoutes } from './features/catalog/media.routes.ts';
import { adminKycRoutes, kycRoutes } from './features/kyc/kyc.routes.ts';
import { deviceRoutes } from './features/loans/devices.routes.ts';
import { adminLoanRoutes } from './features/loans/admin-loans.routes.ts';
import { followUpRoutes } from './features/loans/follow-ups.routes.ts';
import { adminCreditRoutes } from './features/credit/admin-credit.routes.ts';
import { writeOffRoutes } from './features/loans/write-offs.routes.ts';
import { approvalRoutes } from './features/approvals/approvals.routes.ts';
import { repossessionRoutes } from './features/credit/repossessions.routes.ts';
import { swapRoutes } from './features/loans/swap.routes.ts';
import { adminRestructureRoutes } from './features/loans/admin-restructure.routes.ts';
import { restructureRoutes } from './features/loans/restructure.routes.ts';
import { loanRoutes } from './features/loans/loans.routes.ts';
import { loanStatementRoutes } from './features/loans/statements.routes.ts';
import { portfolioReportRoutes } from './features/loans/portfolio-reports.routes.ts';
import { exportRoutes } from './features/loans/exports.routes.ts';
import { systemLogRoutes } from './features/audit/system-log.routes.ts';
import { diagnosticsRoutes } from './features/diagnostics/diagnostics.routes.ts';
import type { Diagnostics } from './features/diagnostics/diagnostics.service.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { jobRoutes } from './features/jobs/jobs.routes.ts';
import { eventRoutes } from './features/notifications/events.routes.ts';
import { notificationRoutes } from './features/notifications/notifications.routes.ts';
import { networkRoutes } from './features/payments/networks.routes.ts';
import { adminPaymentRoutes, paymentRoutes } from './features/payments/payments.routes.ts';
import { walletRoutes } from './features/wallet/wallet.routes.ts';
import { walletStatementRoutes } from './features/wallet/wallet-statement.routes.ts';
import { adminSupportRoutes } from './features/ussd/admin-support.routes.ts';
import { adminTicketRoutes } from './features/support/admin-tickets.routes.ts';
import { contactRoutes } from './features/support/contacts.routes.ts';
import { assistantRoutes } from './features/assistant/assistant.routes.ts';
import type { ChatModel } from './platform/chat-model.ts';
import { supportRoutes } from './features/support/support.routes.ts';
import { ussdRoutes } from './features/ussd/ussd.routes.ts';
import { adminPaybillRoutes } from './features/paybill/admin-paybill.routes.ts';
import { paybillRoutes } from './features/paybill/paybill.routes.ts';
import { africasTalkingToken } from './platform/africastalking-callbacks.ts';
import { clientAddress } from './platform/client-address.ts';
import { codeMessage, errorMessage } from './platform/error-text.ts';
import { AppError, errorBody } from './platform/errors.ts';
import { asLanguage } from './platform/i18n.ts';
import { withRequestOrigin } from './platform/request-origin.ts';
import {
  compressReads,
  createRouter,
  documentBodyLimit,
  limitBodies,
  readerLanguage,
  type AppEnv,
} from './platform/http.ts';
import { documentApi, sessionCookieName } from './platform/openapi.ts';
import type { Jobs } from './platform/jobs.ts';
import type { Logger } from './platform/logger.ts';
import type { Messages } from './platform/messaging.ts';
import type { MobileMoney } from './platform/mobile-money/index.ts';
import type { Realtime } from './platform/realtime.ts';
import { sameOriginWrites } from './platform/same-origin.ts';
import { securityHeaders } from './platform/security-headers.ts';
import type { Storage } from './platform/storage.ts';
import { rejectBadText } from './platform/text-guard.ts';
import { mountWebApp } from './platform/web-static.ts';
import { registerFeatureRules } from './rules.ts';
import { adminOutboxRoutes, smsDeliveryRoutes } from './features/messaging/messaging.routes.ts';

export type AppSettings = Pick<Settings, 'PUBLIC_URL' | 'AUTH_SECRET' | 'CASH_ORDER_DAYS'> &
  Partial<Pick<Settings, 'TRUST_PROXY_HOPS' | 'NODE_ENV' | 'AT_CALLBACK_TOKEN' | 'SUPPORT_PHONE' | 'USSD_CODE'>>;
export type AppDeps = {
  database: DatabaseHandle;
  logger: Logger;
  settings: AppSettings;
  realtime: Realtime;
  /** Uploaded files: product pictures (a folder in MEDIA_DIR by default). */
  storage: Storage;
  /** Identity documents: private, served only through the API to their owner and admins (DATA_DIR/documents by default). */
  documents: Storage;
  /** The job queue and the email/SMS delivery it runs (background.ts). */
  jobs: Jobs;
  messages: Messages;
  /** The MTN and Airtel adapters, or the built-in sandbox (background.ts). */
  mobileMoney: MobileMoney;
  /** The system checks: Run now, and their history (background.ts). */
  diagnostics: Diagnostics;
  /** The assistant's language model, when ASSISTANT_CHAT_URL names one (main.ts). */
  assistantModel?: ChatModel;
  webDistDir?: string;
};

/**
 * The caller's address: the socket's peer, or the entry the outermost of TRUST_PROXY_HOPS
 * trusted proxies wrote in X-Forwarded-For. Whatever a client sends in x-client-ip is ignored.
 * Requests made in-process (the tests) have no socket: for them alone x-client-ip stands in.
 */
function connectionAddress(c: Context<AppEnv>, trustedHops: number): string | null {
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    return c.req.header('x-client-ip') ?? null;
  }
  return clientAddress(socketAddress, c.req.header('x-forwarded-for') ?? null, trustedHops) ?? null;
}

/** The request with the caller's address in x-client-ip, for the auth library's rate limits and logs. */
function withClientIp(c: Context<AppEnv>): Request {
  const request = new Request(c.req.raw);
  if (c.var.clientIp) request.headers.set('x-client-ip', c.var.clientIp);
  else request.headers.delete('x-client-ip');
  return request;
}

type SignedIn = NonNullable<AppEnv['Variables']['user']>;

function loadSession(auth: Auth, sessions: SessionCache<SignedIn>, cookieName: string) {
  return async (c: Context<AppEnv>, next: () => Promise<void>) => {
    // Without a session cookie there is no session to look up: public reads and the networks'
    // callbacks never reach the session store.
    const token = getCookie(c, cookieName);
    if (!token) {
      c.set('user', null);
      return next();
    }
    const user = await sessions.get(token, async () => {
      const session = await auth.api.getSession({ headers: c.req.raw.headers });
      const found = session?.user as
        | {
            id: string;
            userType?: string;
            twoFactorEnabled?: boolean | null;
            isActive?: boolean;
            preferredLanguage?: string | null;
          }
        | undefined;
      // A deactivated account's sessions are ended at once; this also covers one racing the deactivation.
      if (!found || found.isActive === false) return null;
      return {
        user: {
          id: found.id,
          userType: found.userType ?? 'customer',
          twoFactorEnabled: Boolean(found.twoFactorEnabled),
          sessionId: session!.session.id,
          language: asLanguage(found.preferredLanguage),
        },
        expiresAt: new Date(session!.session.expiresAt),
      };
    });
    c.set('user', user);
    await next();
  };
}

/**
 * A change made through this process is in force for its next request, before the database's
 * notice reaches the caches (decisions 027, 028): after any request that may have changed
 * something, the catalogue kept is dropped, and the caller's sessions, or every session when a
 * staff member made the change (an account deactivated, a role changed).
 */
function forgetAfterWrites(sessions: SessionCache<SignedIn>, catalogue: ReturnType<typeof catalogCacheOf>) {
  return async (c: Context<AppEnv>, next: () => Promise<void>) => {
    await next();
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return;
    catalogue.forget();
    const user = c.var.user;
    if (user?.userType === 'admin' || c.req.path.startsWith('/api/admin')) sessions.forgetAll();
    else if (user) sessions.forgetUser(user.id);
  };
}

export function createApp({
  database,
  logger,
  settings,
  realtime,
  storage,
  documents,
  jobs,
  messages,
  mobileMoney,
  diagnostics,
  assistantModel,
  webDistDir,
}: AppDeps) {
  registerFeatureRules();
  const app = createRouter();
  const atCallbackToken = africasTalkingToken(settings);
  const auth = createAuth({
    db: database.db,
    settings,
    messages,
    logger,
    notifier: { realtime, messages, publicUrl: settings.PUBLIC_URL },
  });

  app.use('*', requestId());
  app.use('*', async (c, next) => {
    const log = logger.child({ requestId: c.var.requestId });
    c.set('log', log);
    c.set('db', database.db);
    c.set('reader', database.reader);
    c.set('dbHandle', database);
    c.set('realtime', realtime);
    c.set('storage', storage);
    c.set('documents', documents);
    c.set('jobs', jobs);
    c.set('publicUrl', settings.PUBLIC_URL);
    c.set('messages', messages);
    c.set('mobileMoney', mobileMoney);
    c.set('diagnostics', diagnostics);
    c.set('authSecret', settings.AUTH_SECRET);
    c.set('atCallbackToken', atCallbackToken);
    c.set('cashOrderDays', settings.CASH_ORDER_DAYS);
    const clientIp = connectionAddress(c, settings.TRUST_PROXY_HOPS ?? 0);
    c.set('clientIp', clientIp);
    const started = performance.now();
    await withRequestOrigin({ ipAddress: clientIp, userAgent: c.req.header('user-agent') ?? null }, next);
    log.info(
      { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      'request',
    );
  });
  app.use(
    '*',
    securityHeaders({ publicUrl: settings.PUBLIC_URL, production: settings.NODE_ENV === 'production', webDistDir }),
  );
  app.use('*', compressReads());
  app.use('/api/*', sameOriginWrites(settings.PUBLIC_URL), limitBodies(), rejectBadText());

  const sessions = createSessionCache<SignedIn>(realtime);
  const cookieName = sessionCookieName(settings.PUBLIC_URL);
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const response = await auth.handler(withClientIp(c));
    // Signing out, ending sessions, changing the password or the account: this process's next
    // request sees it even before the database's notice arrives.
    const token = c.req.method === 'POST' ? getCookie(c, cookieName) : undefined;
    if (token) sessions.forget(token);
    return response;
  });
  // Every /api route sees its caller (or null): a new prefix needs no wiring of its own.
  app.use('/api/*', loadSession(auth, sessions, cookieName));
  app.use('/api/*', forgetAfterWrites(sessions, catalogCacheOf(realtime)));
  app.get('/.well-known/jwks.json', async (c) => c.json(await auth.api.getJwks()));
  app.route('/api', healthRoutes);
  app.route('/api', meRoutes);
  app.route('/api', dashboardRoutes);
  app.route('/api', transformationPlanRoutes);
  app.route('/api', notificationRoutes);
  app.route('/api', eventRoutes);
  app.route('/api/admin', adminRoutes);
  app.route('/api/admin', businessSummaryRoutes);
  app.route('/api/admin', reportRoutes);
  app.route('/api', systemReportRoutes);
  app.route('/api/admin', securitySummaryRoutes);
  app.route('/api/admin', jobRoutes);
  app.route('/api/admin', diagnosticsRoutes);
  app.route('/api', smsDeliveryRoutes);
  app.route('/api/admin', adminOutboxRoutes);
  app.route('/api/admin', campaignRoutes);
  app.route('/api', walletRoutes);
  app.route('/api', walletStatementRoutes);
  app.route('/api', paymentRoutes);
  app.route('/api', paybillRoutes);
  app.route('/api', adminPaybillRoutes);
  app.route('/api', networkRoutes);
  app.route('/api', adminPaymentRoutes);
  app.route('/api/catalog', catalogRoutes);
  app.route('/api/catalog', reviewRoutes);
  app.route('/api/admin/catalog', adminCatalogRoutes);
  app.route('/api/admin/stock', adminStockRoutes);
  app.route('/api', cartRoutes);
  app.route('/api', orderRoutes);
  app.route('/api/places', placeRoutes);
  app.route('/api', kycRoutes);
  app.route('/api', agentRoutes);
  app.route('/api', leadRoutes);
  app.route('/api', fieldRoutes);
  app.route('/api', customerBookRoutes);
  app.route('/api', agentSaleRoutes);
  app.route('/api', agentMoneyRoutes);
  app.route('/api/admin', adminAgentRoutes);
  app.route('/api/admin/kyc', adminKycRoutes);
  app.route('/api/admin/devices', deviceRoutes);
  app.route('/api', loanRoutes);
  app.route('/api', loanStatementRoutes);
  app.route('/api/admin', portfolioReportRoutes);
  app.route('/api/admin', exportRoutes);
  app.route('/api', systemLogRoutes);
  app.route('/api/admin', writeOffRoutes);
  app.route('/api/admin', approvalRoutes);
  app.route('/api', repossessionRoutes);
  app.route('/api/admin', adminLoanRoutes);
  app.route('/api', followUpRoutes);
  app.route('/api/admin', adminCreditRoutes);
  app.route('/api/admin', swapRoutes);
  app.route('/api', restructureRoutes);
  app.route('/api/admin', adminRestructureRoutes);
  app.route('/api', ussdRoutes);
  app.route('/api/admin', adminSupportRoutes);
  app.route('/api', supportRoutes);
  app.route('/api', contactRoutes(settings));
  app.route('/api', assistantRoutes(assistantModel));
  app.route('/api/admin', adminTicketRoutes);
  documentBodyLimit(app);
  documentApi(app, settings.PUBLIC_URL);
  app.all('/api/*', (c) => {
    throw new AppError('not_found', `No API route matches ${c.req.method} ${c.req.path}`, 404);
  });

  app.route('/', mediaRoutes);
  if (webDistDir) mountWebApp(app, webDistDir);

  app.onError((error, c) => {
    const reader = readerLanguage(c);
    if (error instanceof AppError) {
      return c.json(errorBody(error.code, errorMessage(error, reader), error.problems), error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const message = codeMessage('http_error', error.message || 'The request could not be handled', reader);
      return c.json(errorBody('http_error', message), error.status);
    }
    (c.var.log ?? logger).error({ err: error }, 'unhandled error');
    const message = codeMessage('internal_error', 'Something went wrong on our side. Please try again.', reader);
    return c.json(errorBody('internal_error', message), 500);
  });
  app.notFound((c) => c.json(errorBody('not_found', codeMessage('not_found', 'Not found', readerLanguage(c))), 404));
  // The sandbox network calls back through the app's own routes, as a real network would.
  mobileMoney.connect((request) => app.fetch(request));
  return app;
}

export type App = ReturnType<typeof createApp>;
