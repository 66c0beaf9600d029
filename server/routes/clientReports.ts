// POST /api/v7/client-reports (src/contract/api/reports.ts): a device says its changes do not
// get through or its storage fails. Counted on /metrics (client_reports_total{kind,code}) and
// logged once per request with the company, so an operator sees stuck devices before their users
// call. Kinds and codes come from a fixed list; anything else is a 400.
import type { FastifyInstance } from 'fastify';
import {
  CLIENT_REPORT_CODES,
  type ClientReportsBody,
  isReportCode,
} from '../../src/contract/api/reports';
import { APP_ROUTES as R } from '../../src/contract/api/routes';
import { requireMembership } from '../auth/session';
import { badRequest } from '../http/httpError';
import { answer } from '../http/replies';
import { companyQuery } from '../http/schemas';

const bodySchema = {
  type: 'object',
  required: ['reports'],
  additionalProperties: false,
  properties: {
    reports: {
      type: 'array',
      minItems: 1,
      maxItems: 20,
      items: {
        type: 'object',
        required: ['kind', 'code', 'count'],
        additionalProperties: false,
        properties: {
          kind: { type: 'string', enum: Object.keys(CLIENT_REPORT_CODES) },
          code: { type: 'string', enum: [...new Set(Object.values(CLIENT_REPORT_CODES).flat())] },
          count: { type: 'integer', minimum: 1, maximum: 100_000 },
        },
      },
    },
  },
} as const;

export function registerClientReports(app: FastifyInstance): void {
  app.post<{ Body: ClientReportsBody }>(
    R.clientReports.path(),
    { schema: { querystring: companyQuery, body: bodySchema } },
    async (request) => {
      const { membership } = requireMembership(request);
      const { reports } = request.body;
      const wrong = reports.find((report) => !isReportCode(report.kind, report.code));
      if (wrong) throw badRequest(`请求参数有误：${wrong.kind}/${wrong.code}`);
      for (const { kind, code, count } of reports) app.metrics.clientReport(kind, code, count);
      request.log.warn(
        {
          companyId: membership.companyId,
          reports: reports.map((r) => `${r.kind}/${r.code}×${r.count}`),
        },
        'a device reports trouble',
      );
      return answer(R.clientReports, { counted: reports.length });
    },
  );
}
