// The export's worker: opens the tab's database by name and makes the file off the main thread
// (exportFile.ts), so a list of 100k rows never freezes the page. Cancelling terminates the worker:
// it only reads.
import { expose } from 'comlink';
import { openReadingConnection } from '../../data/db';
import {
  type ExportProgress,
  type ExportRequest,
  type ExportResult,
  exportFile,
} from './exportFile';

const api = {
  async run(request: ExportRequest, onProgress: ExportProgress): Promise<ExportResult> {
    const db = await openReadingConnection(request.database);
    try {
      return await exportFile(db, request, onProgress);
    } finally {
      db.close({ disableAutoOpen: true });
    }
  },
};

export type ExportApi = typeof api;

expose(api);
