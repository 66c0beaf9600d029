// The inquiry-quotation (purchase sheet) calls of purchasing-core §7.2 for the current company:
// list, quick-search form, detail, get_id by purchase number and the chat's default contact here;
// the mutations in inquiryActions.ts. Rules live in server/purchasing/sheet*.ts.
import type { FastifyInstance } from 'fastify';
import { APP_ROUTES as R } from '../../src/contract/api/routes';
import { DEFAULT_SHEET_LIST_TYPE, type SheetListType } from '../../src/domain/purchase/listTypes';
import { requireMembership } from '../auth/session';
import type { AppContext } from '../context';
import { listPageText, sendData } from '../http/jsonText';
import { type ListQuery, parseListParams } from '../http/listParams';
import { answer, ok } from '../http/replies';
import { sheetDefaultContact, sheetDetail, sheetIdByName } from '../purchasing/sheetLookup';
import { listSheets, SHEET_SORT_KEYS } from '../purchasing/sheetQueries';
import { sheetSearchForm } from '../purchasing/sheetSearchForm';
import { ListTotals } from '../sync/listTotals';
import { registerInquiryActions } from './inquiryActions';
import { companyQuery, idParams, listQuery, nameParams, searchFormQuery } from './inquirySchemas';

export const INQUIRY_BASE = '/inquiry-api/v7/inquiry_quotation';

type ListQueryString = ListQuery & { sheetType?: SheetListType; type?: SheetListType };

export function registerInquiry(app: FastifyInstance, { database }: Pick<AppContext, 'database'>) {
  const { db } = database;
  const totals = new ListTotals();

  app.get<{ Querystring: ListQueryString }>(
    INQUIRY_BASE,
    { schema: { querystring: listQuery } },
    async (request, reply) => {
      const { membership } = requireMembership(request);
      const params = parseListParams(request.query, SHEET_SORT_KEYS);
      const listType = request.query.sheetType ?? request.query.type ?? DEFAULT_SHEET_LIST_TYPE;
      const query = { companyId: membership.companyId, listType, params };
      const page = await listSheets(db, totals, query);
      return sendData(reply, listPageText(page));
    },
  );

  // Not shown in the spec; the list screen asks it per tab (docs/api.md).
  app.get<{ Querystring: { sheetType: SheetListType } }>(
    `${INQUIRY_BASE}/search_form`,
    { schema: { querystring: searchFormQuery } },
    async (request) => {
      const { membership } = requireMembership(request);
      const form = await sheetSearchForm(db, membership.companyId, request.query.sheetType);
      return answer(R.sheetSearchForm, form);
    },
  );

  app.get<{ Params: { id: number } }>(
    `${INQUIRY_BASE}/:id`,
    { schema: { params: idParams, querystring: companyQuery } },
    async (request, reply) => {
      const { membership } = requireMembership(request);
      return sendData(reply, await sheetDetail(db, membership.companyId, request.params.id));
    },
  );

  app.get<{ Params: { id: number } }>(
    `${INQUIRY_BASE}/:id/default_contacts_user`,
    { schema: { params: idParams, querystring: companyQuery } },
    async (request) => {
      const { membership } = requireMembership(request);
      const contact = await sheetDefaultContact(db, membership.companyId, request.params.id);
      return answer(R.sheetDefaultContact, contact);
    },
  );

  // Both spellings of the spec resolve a purchase number within the company.
  for (const path of [`${INQUIRY_BASE}/:name/get_id`, '/inquiry-api/v7/inquiry/:name/get_id']) {
    app.get<{ Params: { name: string } }>(
      path,
      { schema: { params: nameParams, querystring: companyQuery } },
      async (request) => {
        const { membership } = requireMembership(request);
        return ok({ id: await sheetIdByName(db, membership.companyId, request.params.name) });
      },
    );
  }

  registerInquiryActions(app, db);
}
