// The record and env the canvas lays the label out with, for the inspector's values: the selected record with the prompts' defaults, and the counters' next values.
import { useMemo } from 'react';
import { useStore } from 'zustand';
import type { ExpressionEnv } from '@shared/expr';
import type { LabelData } from '@shared/layout/layoutLabel';
import { nextCountersStore } from '../../editor/nextCountersStore';
import { canvasEnv } from '../../engine/layoutForCanvas';
import { selectSampleData, useEditorStore } from '../../store';
import { canvasRecord, LIVE_ENV } from './expressionPreview';

export interface CanvasBinding {
  data: LabelData;
  env: ExpressionEnv;
  /** Why the canvas cannot bind the record (a prompted field's value of the wrong type). */
  problem?: string;
}

export function useCanvasBinding(): CanvasBinding {
  const record = useEditorStore(selectSampleData);
  const prompts = useEditorStore((state) => state.template.prompts);
  const counters = useStore(nextCountersStore, (state) => state.values);
  return useMemo(
    () => ({ ...canvasRecord(prompts, record), env: canvasEnv(LIVE_ENV, counters) ?? LIVE_ENV }),
    [prompts, record, counters],
  );
}
