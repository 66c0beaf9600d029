import { describe, expect, it } from 'vitest';
import { storedSheet } from '../../../src/data/derive';
import {
  createPayload,
  emptyForm,
  formFromSheet,
  type LineValue,
  newLine,
  saveDraftPayload,
} from '../../../src/features/purchase/sheet/sheetFormValues';
import { sheet } from '../../data/rows';

const serverFile = {
  object_name: '1/abc/spec.pdf',
  name: 'spec.pdf',
  content_type: 'application/pdf',
  size: 10,
};
const localFile = {
  object_name: '',
  name: 'photo.png',
  content_type: 'image/png',
  size: 5,
  client_file_id: 'f-1',
};

describe('the create form', () => {
  it('starts with one line of quantity 1, no brand and advance payment', () => {
    const form = emptyForm();
    expect(form.brand).toEqual({ id: null, name: '', view: null });
    expect(form.paymentMethod).toBe('ADVANCE_PAYMENT');
    expect(form.lines).toHaveLength(1);
    expect(form.lines[0]).toMatchObject({ productId: null, qty: 1, attachments: [] });
    expect(newLine().key).not.toBe(newLine().key);
  });

  it('becomes a create payload: trimmed text, blank as null, the owner and the terms', () => {
    const lines: LineValue[] = [
      { ...newLine(), productType: ' ACS580 ', qty: '3', shortDescription: '' },
      { ...newLine(), productId: 7, productArticleNo: '3RT2015', qty: 2 },
    ];
    const payload = createPayload(
      {
        brand: { id: -4, name: ' Neu ', view: null },
        lines,
        paymentMethod: 'INVOICE_PAYMENT',
      },
      { sheetId: -5, saveToDraft: true, owner: { id: 11, name: '李娜' } },
    );
    expect(payload).toEqual({
      sheetId: -5,
      brand: { id: -4, name: 'Neu', view: null },
      lines: [
        {
          productId: null,
          productType: 'ACS580',
          productArticleNo: null,
          shortDescription: null,
          qty: 3,
          attachments: [],
        },
        {
          productId: 7,
          productType: null,
          productArticleNo: '3RT2015',
          shortDescription: null,
          qty: 2,
          attachments: [],
        },
      ],
      saveToDraft: true,
      supplier: { companyId: null, name: null, paymentMethod: 'INVOICE_PAYMENT' },
      owner: { id: 11, name: '李娜' },
      remark: null,
    });
  });
});

describe('a draft in the form', () => {
  const draft = storedSheet(
    1,
    sheet(8, {
      version: 42,
      brand: {
        id: 3,
        name: 'ABB',
        url_path: null,
        is_published: true,
        logo_file: null,
        state: 'EXIST',
        comment: null,
        correct_brand: null,
      },
      supplier_node: { ...sheet(8).supplier_node, payment_method: 'THIRTY_SEVENTY_RATIO_PAYMENT' },
      inquiry_product_list: [
        {
          id: 81,
          product_id: 5,
          product_type: 'A1',
          product_article_no: null,
          short_description: '24V',
          qty: 4,
          attachments: [serverFile, localFile],
          quote_state: null,
          shipment_period: null,
          product: { state: null, validity_end_date: null, quote_comment: null, url_path: null },
        },
      ],
    }),
  );

  it('reads brand, terms, lines and both kinds of attachment', () => {
    const form = formFromSheet(draft);
    expect(form.brand).toMatchObject({ id: 3, name: 'ABB' });
    expect(form.paymentMethod).toBe('THIRTY_SEVENTY_RATIO_PAYMENT');
    expect(form.lines[0]).toMatchObject({
      productId: 5,
      productType: 'A1',
      productArticleNo: '',
      shortDescription: '24V',
      qty: 4,
      attachments: [
        {
          clientFileId: null,
          objectName: '1/abc/spec.pdf',
          name: 'spec.pdf',
          contentType: 'application/pdf',
          size: 10,
        },
        {
          clientFileId: 'f-1',
          objectName: null,
          name: 'photo.png',
          contentType: 'image/png',
          size: 5,
        },
      ],
    });
  });

  it('a draft without lines still shows one line to fill', () => {
    expect(formFromSheet(storedSheet(1, sheet(9))).lines).toHaveLength(1);
  });

  it('saves on the version the user edited', () => {
    const payload = saveDraftPayload(formFromSheet(draft), draft);
    expect(payload.sheetId).toBe(8);
    expect(payload.ifMatch).toBe(42);
    expect(payload.paymentMethod).toBe('THIRTY_SEVENTY_RATIO_PAYMENT');
    expect(payload.brand).toMatchObject({ id: 3, name: 'ABB' });
    expect(payload.lines[0]?.attachments).toHaveLength(2);
  });
});
