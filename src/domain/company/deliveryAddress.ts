// The default delivery address form (settings-messaging-shared §2 "Company settings", §3
// "Company address", §5 "Company settings" delivery address).

import { setCascading } from './cascade';
import type { CompanyAddress } from './companyCodes';
import { COMPANY_MESSAGES } from './messages';

/** Mainland mobile: 1, then 3–9, then 9 digits. */
export const CN_MOBILE_PATTERN = /^1[3-9]\d{9}$/;

export type DeliveryAddressForm = Pick<
  CompanyAddress,
  | 'country'
  | 'province'
  | 'city'
  | 'district'
  | 'street'
  | 'contacts_name'
  | 'contacts_phone'
  | 'zip'
>;
type DeliveryField = keyof DeliveryAddressForm;

/** The levels from the top: choosing one empties every level below it, the street included. */
export const DELIVERY_LEVELS = ['country', 'province', 'city', 'district', 'street'] as const;
export type DeliveryLevel = (typeof DELIVERY_LEVELS)[number];

const DELIVERY_CLEARS = Object.fromEntries(
  DELIVERY_LEVELS.map((level, i) => [level, DELIVERY_LEVELS.slice(i + 1)]),
) as Partial<Record<DeliveryField, readonly DeliveryField[]>>;

export function setDeliveryLevel<T extends DeliveryAddressForm>(
  form: T,
  level: DeliveryLevel,
  value: string,
): T {
  return setCascading<DeliveryField, T>(form, level, value, DELIVERY_CLEARS);
}

export function validateDeliveryAddress(
  form: DeliveryAddressForm,
): Partial<Record<DeliveryField, string>> {
  const errors: Partial<Record<DeliveryField, string>> = {};
  if (form.country.trim() === '') errors.country = COMPANY_MESSAGES.DELIVERY_COUNTRY_REQUIRED;
  if (form.street.trim() === '') errors.street = COMPANY_MESSAGES.DELIVERY_STREET_REQUIRED;
  if (form.contacts_name.trim() === '') {
    errors.contacts_name = COMPANY_MESSAGES.DELIVERY_CONTACT_NAME_REQUIRED;
  }
  const phone = form.contacts_phone.trim();
  if (phone === '') errors.contacts_phone = COMPANY_MESSAGES.DELIVERY_CONTACT_PHONE_REQUIRED;
  else if (!CN_MOBILE_PATTERN.test(phone)) {
    errors.contacts_phone = COMPANY_MESSAGES.DELIVERY_CONTACT_PHONE_INVALID;
  }
  return errors;
}
