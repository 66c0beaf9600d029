// Germany: the 16 Länder with their larger cities, in German (our own list).
import { type RegionSource, treeOf } from './types';

const DE: RegionSource = [
  [
    'Baden-Württemberg',
    ['Stuttgart', 'Mannheim', 'Karlsruhe', 'Freiburg im Breisgau', 'Heidelberg', 'Ulm'],
  ],
  ['Bayern', ['München', 'Nürnberg', 'Augsburg', 'Regensburg', 'Ingolstadt', 'Würzburg']],
  ['Berlin', ['Berlin']],
  ['Brandenburg', ['Potsdam', 'Cottbus', 'Frankfurt (Oder)']],
  ['Bremen', ['Bremen', 'Bremerhaven']],
  ['Hamburg', ['Hamburg']],
  ['Hessen', ['Frankfurt am Main', 'Wiesbaden', 'Kassel', 'Darmstadt']],
  ['Mecklenburg-Vorpommern', ['Rostock', 'Schwerin', 'Greifswald']],
  ['Niedersachsen', ['Hannover', 'Braunschweig', 'Osnabrück', 'Oldenburg', 'Wolfsburg']],
  [
    'Nordrhein-Westfalen',
    ['Köln', 'Düsseldorf', 'Dortmund', 'Essen', 'Duisburg', 'Bochum', 'Bielefeld'],
  ],
  ['Rheinland-Pfalz', ['Mainz', 'Ludwigshafen am Rhein', 'Koblenz', 'Trier', 'Kaiserslautern']],
  ['Saarland', ['Saarbrücken', 'Neunkirchen']],
  ['Sachsen', ['Dresden', 'Leipzig', 'Chemnitz', 'Zwickau']],
  ['Sachsen-Anhalt', ['Magdeburg', 'Halle (Saale)', 'Dessau-Roßlau']],
  ['Schleswig-Holstein', ['Kiel', 'Lübeck', 'Flensburg']],
  ['Thüringen', ['Erfurt', 'Jena', 'Gera', 'Weimar']],
];

export const DE_REGIONS = treeOf(DE);
