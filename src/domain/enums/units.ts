// Weight and length units (settings-messaging-shared §3 "Enumerations").

import { labelSet } from '../codeLabels';

export const WEIGHT_UNITS = labelSet({ g: '克', kg: '千克', lb: '磅', oz: '盎司' });
export type WeightUnit = (typeof WEIGHT_UNITS.codes)[number];

export const LENGTH_UNITS = labelSet({
  m: '米',
  dm: '分米',
  cm: '厘米',
  mm: '毫米',
  yd: '码',
  ft: '英尺',
  in: '英寸',
});
export type LengthUnit = (typeof LENGTH_UNITS.codes)[number];
