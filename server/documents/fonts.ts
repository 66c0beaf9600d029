// The server checks the PDF fonts before it starts: the report export reads the subsets
// the build makes (src/documents/fonts/generated/), and finding them missing on the first export
// would turn a deployment mistake into a user's 500. Missing or torn files are built now, as the
// font loader would have built them lazily (the font package is a dependency, so a clone that
// skipped `npm run build` still starts); when that fails too, the server refuses to start,
// naming each file and the command that builds them.
import {
  documentFontProblems,
  generateDocumentFonts,
} from '../../src/documents/fonts/node/generate';
import { nodeFontSource } from '../../src/documents/fonts/node/nodeFontSource';

/** Builds the subsets (the Vite plugin of `vite build`). */
export const FONT_BUILD_COMMAND = 'npm run build';

export class DocumentFontsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DocumentFontsError';
  }
}

export type FontStartSteps = {
  /** One line per unusable file, naming it (documentFontProblems). */
  problems(): Promise<string[]>;
  build(): Promise<unknown>;
  /** Reads the files into memory, as the first export would. */
  load(): Promise<unknown>;
};

const REAL_STEPS: FontStartSteps = {
  problems: () => documentFontProblems(),
  build: () => generateDocumentFonts(),
  load: () => nodeFontSource.load(),
};

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function refusal(problems: readonly string[], cause: unknown): string {
  return [
    'The server cannot start: the PDF fonts of the report export are not usable:',
    ...problems.map((problem) => `  ${problem}`),
    ...(cause === undefined ? [] : [`Building them failed: ${errorText(cause)}`]),
    `Build them with \`${FONT_BUILD_COMMAND}\` (it writes them beside the app), then start the server again.`,
  ].join('\n');
}

/** Resolves once the fonts are there and loaded; throws DocumentFontsError when they cannot be. */
export async function prepareDocumentFonts(
  log: (line: string) => void,
  steps: FontStartSteps = REAL_STEPS,
): Promise<void> {
  const problems = await steps.problems();
  if (problems.length > 0) {
    log(`Building the PDF fonts (${problems.join('; ')}): this takes a few seconds.`);
    try {
      await steps.build();
    } catch (error) {
      throw new DocumentFontsError(refusal(problems, error));
    }
    const left = await steps.problems();
    if (left.length > 0) throw new DocumentFontsError(refusal(left, undefined));
  }
  try {
    await steps.load();
  } catch (error) {
    throw new DocumentFontsError(
      refusal(problems.length > 0 ? problems : ['(present, but could not be read)'], error),
    );
  }
}
