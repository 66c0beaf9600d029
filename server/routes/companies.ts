// Company settings calls of settings-messaging-shared §7 "Partners" under /partners-api/v7: the
// company, its logo, invoice info, default delivery address, VIP rebates, follower and the bank
// list. Reads are for members of the company; writes for its administrators only ('admin' auth
// level: 403 with the spec's text otherwise). The path's company must be the current company.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AddressBody, CompanyBody, InvoiceBody } from '../../src/contract/api/company';
import { APP_ROUTES as R } from '../../src/contract/api/routes';
import { requireMembership } from '../auth/session';
import type { AppContext } from '../context';
import { forbidden } from '../http/httpError';
import { answer, ok, written } from '../http/replies';
import { companyQuery, currentCompanyId, idParams as params } from '../http/schemas';
import { addressBody, companyBody, invoiceBody } from '../partners/companyInput';
import {
  bankList,
  companyRow,
  createAddress,
  createInvoice,
  findDefaultAddress,
  findInvoice,
  followerContact,
  rebatesOf,
  setLogo,
  updateAddress,
  updateCompany,
  updateInvoice,
} from '../partners/companyService';
import { mutate } from '../sync/mutation';

const P = '/partners-api/v7/companies';

/** The path's company, which must be the current one (a member of another company gets 403). */
function ownCompany(request: FastifyRequest, companyId: number): number {
  const { membership } = requireMembership(request);
  if (companyId !== membership.companyId) throw forbidden();
  return companyId;
}

type Id = { id: number };
type CompanyId = { company_id: number };

export function registerCompanies(
  app: FastifyInstance,
  { database }: Pick<AppContext, 'database'>,
) {
  const { db } = database;
  const admin = { auth: 'admin' } as const;

  app.get(`${P}/banks`, { schema: { querystring: companyQuery } }, async () =>
    ok({ items: await bankList(db) }),
  );

  app.get<{ Params: Id }>(
    `${P}/:id`,
    { schema: { params: params('id'), querystring: companyQuery } },
    async (request) => ok(await companyRow(db, ownCompany(request, request.params.id))),
  );

  app.put<{ Params: Id; Body: CompanyBody }>(
    `${P}/:id`,
    {
      config: admin,
      schema: { params: params('id'), querystring: companyQuery, body: companyBody },
    },
    async (request, reply) => {
      const companyId = ownCompany(request, request.params.id);
      return mutate(db, request, reply, async (tx, changes) =>
        answer(R.saveCompanyInfo, await updateCompany(tx, changes, companyId, request.body)),
      );
    },
  );

  app.put<{ Params: CompanyId; Querystring: { logo: string } }>(
    `${P}/:company_id/logo`,
    {
      config: admin,
      schema: {
        params: params('company_id'),
        querystring: {
          type: 'object',
          required: ['logo'],
          properties: { currentCompanyId, logo: { type: 'string', minLength: 1, maxLength: 400 } },
        },
      },
    },
    async (request, reply) => {
      const companyId = ownCompany(request, request.params.company_id);
      return mutate(db, request, reply, async (tx, changes) =>
        answer(R.setCompanyLogo, await setLogo(tx, changes, companyId, request.query.logo)),
      );
    },
  );

  app.get<{ Params: Id }>(
    `${P}/:id/invoices`,
    { schema: { params: params('id'), querystring: companyQuery } },
    async (request) => ok(await findInvoice(db, ownCompany(request, request.params.id))),
  );

  app.post<{ Params: Id; Body: InvoiceBody }>(
    `${P}/:id/invoices`,
    {
      config: admin,
      schema: { params: params('id'), querystring: companyQuery, body: invoiceBody },
    },
    async (request, reply) => {
      const companyId = ownCompany(request, request.params.id);
      return mutate(db, request, reply, async (tx, changes) =>
        answer(
          R.createInvoice,
          written(await createInvoice(tx, changes, companyId, request.body), 'invoice'),
        ),
      );
    },
  );

  app.put<{ Params: Id & { bank_id: number }; Body: InvoiceBody }>(
    `${P}/:id/invoices/:bank_id`,
    {
      config: admin,
      schema: { params: params('id', 'bank_id'), querystring: companyQuery, body: invoiceBody },
    },
    async (request, reply) => {
      const companyId = ownCompany(request, request.params.id);
      return mutate(db, request, reply, async (tx, changes) =>
        answer(
          R.updateInvoice,
          written(
            await updateInvoice(tx, changes, companyId, request.params.bank_id, request.body),
            'invoice',
          ),
        ),
      );
    },
  );

  app.get<{ Params: CompanyId }>(
    `${P}/:company_id/default_addresses`,
    { schema: { params: params('company_id'), querystring: companyQuery } },
    async (request) =>
      ok(await findDefaultAddress(db, ownCompany(request, request.params.company_id))),
  );

  app.post<{ Params: CompanyId; Body: AddressBody }>(
    `${P}/:company_id/addresses`,
    {
      config: admin,
      schema: { params: params('company_id'), querystring: companyQuery, body: addressBody },
    },
    async (request, reply) => {
      const companyId = ownCompany(request, request.params.company_id);
      return mutate(db, request, reply, async (tx, changes) =>
        answer(
          R.createAddress,
          written(await createAddress(tx, changes, companyId, request.body), 'address'),
        ),
      );
    },
  );

  app.put<{ Params: CompanyId & { address_id: number }; Body: AddressBody }>(
    `${P}/:company_id/addresses/:address_id`,
    {
      config: admin,
      schema: {
        params: params('company_id', 'address_id'),
        querystring: companyQuery,
        body: addressBody,
      },
    },
    async (request, reply) => {
      const companyId = ownCompany(request, request.params.company_id);
      return mutate(db, request, reply, async (tx, changes) =>
        answer(
          R.updateAddress,
          await updateAddress(tx, changes, companyId, request.params.address_id, request.body),
        ),
      );
    },
  );

  app.get<{ Params: CompanyId }>(
    `${P}/:company_id/rebates`,
    { schema: { params: params('company_id'), querystring: companyQuery } },
    async (request) => ok(await rebatesOf(db, ownCompany(request, request.params.company_id))),
  );

  app.get<{ Params: { belong_to_company_id: number; id: number } }>(
    `${P}/:belong_to_company_id/follower_contacts/:id`,
    { schema: { params: params('belong_to_company_id', 'id'), querystring: companyQuery } },
    async (request) => {
      const { user } = requireMembership(request);
      const mine = user.memberships.map((m) => m.companyId);
      return ok(
        await followerContact(db, mine, request.params.belong_to_company_id, request.params.id),
      );
    },
  );
}
