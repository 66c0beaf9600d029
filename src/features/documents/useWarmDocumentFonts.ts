// Fetches the PDF fonts into the service worker's cache once per signed-in account (the signed-in
// layout calls this), so reports can be made offline later. warmDocumentFonts skips it under
// Save-Data and never throws.
import { useEffect } from 'react';
import { warmDocumentFonts } from '../../documents/fonts/browserFonts';

let warmedFor: number | null = null;

export function useWarmDocumentFonts(accountId: number): void {
  useEffect(() => {
    if (warmedFor === accountId) return;
    warmedFor = accountId;
    void warmDocumentFonts();
  }, [accountId]);
}
