// What the preview warns about above a document: the big-order report without the supplier's
// quotation number (bigOrderWarning), and a party whose company row is not on the device, whose
// block then prints empty.
import { DOCUMENT_TEXT } from './documentText';
import type { DocumentParties } from './useDocumentParties';

export function partiesWarning(parties: DocumentParties): string | null {
  return parties.partyA && parties.partyB ? null : DOCUMENT_TEXT.PARTIES_MISSING;
}

/** The warnings that apply, in one line; null when none does. */
export function warningOf(...warnings: Array<string | null>): string | null {
  const shown = warnings.filter((w): w is string => Boolean(w));
  return shown.length > 0 ? shown.join(' ') : null;
}
