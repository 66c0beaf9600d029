// Switzerland: the 26 cantons with their main towns, each in the canton's own language (our own
// list).
import { type RegionSource, treeOf } from './types';

const CH: RegionSource = [
  ['Aargau', ['Aarau', 'Baden', 'Wettingen']],
  ['Appenzell Ausserrhoden', ['Herisau', 'Teufen']],
  ['Appenzell Innerrhoden', ['Appenzell']],
  ['Basel-Landschaft', ['Liestal', 'Allschwil', 'Reinach']],
  ['Basel-Stadt', ['Basel', 'Riehen']],
  ['Bern', ['Bern', 'Biel/Bienne', 'Thun', 'Köniz']],
  ['Fribourg', ['Fribourg', 'Bulle']],
  ['Genève', ['Genève', 'Vernier', 'Lancy', 'Meyrin']],
  ['Glarus', ['Glarus']],
  ['Graubünden', ['Chur', 'Davos', 'St. Moritz']],
  ['Jura', ['Delémont', 'Porrentruy']],
  ['Luzern', ['Luzern', 'Emmen', 'Kriens']],
  ['Neuchâtel', ['Neuchâtel', 'La Chaux-de-Fonds']],
  ['Nidwalden', ['Stans']],
  ['Obwalden', ['Sarnen']],
  ['Schaffhausen', ['Schaffhausen', 'Neuhausen am Rheinfall']],
  ['Schwyz', ['Schwyz', 'Einsiedeln', 'Freienbach']],
  ['Solothurn', ['Solothurn', 'Olten', 'Grenchen']],
  ['St. Gallen', ['St. Gallen', 'Rapperswil-Jona', 'Wil']],
  ['Thurgau', ['Frauenfeld', 'Kreuzlingen', 'Arbon']],
  ['Ticino', ['Bellinzona', 'Lugano', 'Locarno']],
  ['Uri', ['Altdorf']],
  ['Valais', ['Sion', 'Sierre', 'Martigny', 'Brig-Glis']],
  ['Vaud', ['Lausanne', 'Yverdon-les-Bains', 'Montreux', 'Nyon']],
  ['Zug', ['Zug', 'Baar']],
  ['Zürich', ['Zürich', 'Winterthur', 'Uster', 'Dübendorf']],
];

export const CH_REGIONS = treeOf(CH);
