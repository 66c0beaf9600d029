import { describe, expect, it } from 'vitest';
import {
  type DeliveryAddressForm,
  setDeliveryLevel,
  validateDeliveryAddress,
} from '../../../src/domain/company/deliveryAddress';

const full: DeliveryAddressForm = {
  country: 'CN',
  province: '上海',
  city: '上海市',
  district: '浦东新区',
  street: '世纪大道1号',
  contacts_name: '张三',
  contacts_phone: '13812345678',
  zip: '200120',
};

describe('validateDeliveryAddress', () => {
  it.each([
    [{}, {}],
    [
      { country: '', street: '', contacts_name: ' ', contacts_phone: '' },
      {
        country: '请选择国家！',
        street: '请输入详细地址！',
        contacts_name: '请输入联系人！',
        contacts_phone: '请输入手机号',
      },
    ],
    [{ contacts_phone: '12812345678' }, { contacts_phone: '手机格式不正确，请重新输入！' }],
    [{ contacts_phone: '1381234567' }, { contacts_phone: '手机格式不正确，请重新输入！' }],
    [{ contacts_phone: '+8613812345678' }, { contacts_phone: '手机格式不正确，请重新输入！' }],
    [{ contacts_phone: '19912345678' }, {}],
    [{ province: '', city: '', district: '', zip: '' }, {}],
  ])('%j → %j', (change, errors) => {
    expect(validateDeliveryAddress({ ...full, ...change })).toEqual(errors);
  });
});

describe('setDeliveryLevel', () => {
  it.each([
    ['country', 'DE', { country: 'DE', province: '', city: '', district: '', street: '' }],
    ['province', '江苏', { province: '江苏', city: '', district: '', street: '' }],
    ['city', '苏州市', { city: '苏州市', district: '', street: '' }],
    ['district', '黄浦区', { district: '黄浦区', street: '' }],
    ['street', '南京路2号', { street: '南京路2号' }],
    ['province', '上海', {}],
  ] as const)('changing %s to %s', (level, value, change) => {
    expect(setDeliveryLevel(full, level, value)).toEqual({ ...full, ...change });
  });
});
