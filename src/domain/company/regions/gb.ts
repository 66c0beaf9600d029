// The United Kingdom: its four countries with their cities (our own list).
import { type RegionSource, treeOf } from './types';

const GB: RegionSource = [
  [
    'England',
    [
      'London',
      'Birmingham',
      'Manchester',
      'Liverpool',
      'Leeds',
      'Sheffield',
      'Bristol',
      'Newcastle upon Tyne',
      'Nottingham',
      'Leicester',
      'Coventry',
      'Southampton',
      'Oxford',
      'Cambridge',
    ],
  ],
  ['Scotland', ['Edinburgh', 'Glasgow', 'Aberdeen', 'Dundee', 'Inverness', 'Stirling']],
  ['Wales', ['Cardiff', 'Swansea', 'Newport', 'Wrexham', 'Bangor']],
  ['Northern Ireland', ['Belfast', 'Derry', 'Lisburn', 'Newry', 'Armagh']],
];

export const GB_REGIONS = treeOf(GB);
