// Opens the store's two output areas where the configuration says: the data directory's folders, or S3 by URL.
import { outputFiles } from './outputFiles';
import { OUTPUT_AREAS, type OutputStores } from './outputStore';
import { openS3Outputs } from './s3Outputs';

/** `outputsUrl`: `s3://bucket/prefix` (see s3Outputs); absent: the data directory's outputs/ and print-jobs/ folders. */
export async function openOutputStores(dataDir: string, outputsUrl?: string): Promise<OutputStores> {
  if (outputsUrl === undefined) {
    return {
      outputs: outputFiles(dataDir, OUTPUT_AREAS.outputs),
      printDocuments: outputFiles(dataDir, OUTPUT_AREAS.printDocuments),
      close: () => undefined,
    };
  }
  return openS3Outputs(outputsUrl);
}
