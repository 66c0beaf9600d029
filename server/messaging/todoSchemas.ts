// JSON schemas of the to-do, message and mail routes (settings-messaging-shared §7 "To-dos and
// messages", "Message panel"): every field bounded, so bad input is a 400 naming the field.
import { MAIL_STATES } from '../../src/domain/todos/mailStates';
import {
  TODO_LIST_SIZE,
  TODO_MODULES,
  TODO_SCOPES,
  TODO_STATES,
  TODO_TYPES,
} from '../../src/domain/todos/todoCodes';
import { currentCompanyId, ID, idParams as sharedIdParams } from '../http/schemas';

export { companyQuery } from '../http/schemas';

// Not anyOf [ID, null]: with type coercion ajv would turn a 0 into null instead of refusing it.
const NULLABLE_ID = { ...ID, type: ['integer', 'null'] } as const;
const companyIds = { type: 'array', maxItems: 50, items: ID } as const;
const size = {
  type: 'integer',
  minimum: 1,
  maximum: TODO_LIST_SIZE,
  default: TODO_LIST_SIZE,
} as const;
const moduleCode = { type: 'string', enum: [...TODO_MODULES] } as const;
const subject = { type: 'string', maxLength: 5000 } as const;
const mailState = { type: 'string', enum: [...MAIL_STATES] } as const;
/** `ORDER:12`: one more record whose thread the message panel shows with the path's one. */
export const MODULE_PAIR = /^(INQUERY_QUOTATION_SHEET|ORDER):(\d{1,15})$/;

export const idParams = sharedIdParams('id');

export const moduleParams = {
  type: 'object',
  required: ['module', 'module_id'],
  properties: { module: moduleCode, module_id: ID },
} as const;

export const todosQuery = {
  type: 'object',
  required: ['scope'],
  properties: {
    currentCompanyId,
    scope: { type: 'string', enum: [...TODO_SCOPES] },
    message: { type: 'boolean', default: true },
    size,
    companyIds,
    states: {
      type: 'array',
      maxItems: TODO_STATES.length,
      items: { type: 'string', enum: [...TODO_STATES] },
    },
  },
} as const;

export const mailsQuery = {
  type: 'object',
  properties: {
    currentCompanyId,
    mailState,
    numberOfDays: { type: 'integer', minimum: 1, maximum: 366, default: 7 },
    size,
  },
} as const;

export const collectsQuery = {
  type: 'object',
  properties: { currentCompanyId, companyIds, size },
} as const;

export const moduleTodosQuery = {
  type: 'object',
  properties: {
    currentCompanyId,
    companyIds,
    todoTypes: {
      type: 'array',
      maxItems: TODO_TYPES.length,
      items: { type: 'string', enum: [...TODO_TYPES] },
      default: ['MESSAGE'],
    },
    modules: {
      type: 'array',
      maxItems: 2,
      items: { type: 'string', maxLength: 40, pattern: MODULE_PAIR.source },
    },
    size: { type: 'integer', minimum: 1, maximum: 1000, default: 500 },
  },
} as const;

export const stateQuery = {
  type: 'object',
  required: ['state'],
  properties: {
    currentCompanyId,
    state: { type: 'string', enum: [...TODO_STATES] },
    todoTypes: { type: 'string', enum: [...TODO_TYPES] },
  },
} as const;

export const delayQuery = {
  type: 'object',
  properties: { currentCompanyId, delay: { type: 'string', format: 'date-time', maxLength: 40 } },
} as const;

export const boundingQuery = {
  type: 'object',
  required: ['moduleId', 'module'],
  properties: { currentCompanyId, moduleId: ID, module: moduleCode },
} as const;

export const messageBody = {
  type: 'object',
  required: ['module', 'module_id', 'to_company_id'],
  properties: {
    module: moduleCode,
    module_id: ID,
    subject: { ...subject, default: '' },
    to_company_id: ID,
    to_contacts_id: NULLABLE_ID,
    // More than the 5 allowed pass the schema so the user reads the count rule, not "bad input".
    todo_files: {
      type: 'array',
      maxItems: 20,
      items: { type: 'string', minLength: 1, maxLength: 400 },
      default: [],
    },
  },
} as const;

export const mailBody = {
  type: 'object',
  required: ['subject', 'to_company_id'],
  properties: {
    subject: { ...subject, minLength: 1 },
    to_company_id: ID,
    to_contacts_id: NULLABLE_ID,
    mail_state: mailState,
    module: moduleCode,
    module_id: ID,
  },
} as const;

export const mailPatchBody = {
  type: 'object',
  properties: {
    subject: { ...subject, minLength: 1 },
    to_contacts_id: NULLABLE_ID,
    mail_state: mailState,
  },
} as const;

export const mailStateQuery = {
  type: 'object',
  required: ['mailState'],
  properties: { currentCompanyId, mailState },
} as const;
