// The bundled fonts for the canvas, fetched once per page from the server (the same files the renders use).
import { useEffect, useState } from 'react';
import { client } from '../api/appClient';
import { loadServerFonts, type FontRegistry } from '../engine';

let loading: Promise<FontRegistry> | undefined;

function loadFonts(): Promise<FontRegistry> {
  loading ??= loadServerFonts((url) => client.fetchRaw(url)).catch((error: unknown) => {
    // A failed load may be retried by the next editor that opens.
    loading = undefined;
    throw error;
  });
  return loading;
}

export type FontsState =
  { status: 'loading' } | { status: 'ready'; fonts: FontRegistry } | { status: 'failed'; message: string };

export function useFonts(): FontsState {
  const [state, setState] = useState<FontsState>({ status: 'loading' });
  useEffect(() => {
    let wanted = true;
    loadFonts().then(
      (fonts) => wanted && setState({ status: 'ready', fonts }),
      (error: unknown) =>
        wanted && setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      wanted = false;
    };
  }, []);
  return state;
}
