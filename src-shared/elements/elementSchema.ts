// The union of every element kind's schema (from ELEMENT_KINDS), discriminated by `type`.
import { z } from 'zod';
import { ELEMENT_KINDS } from './elementKinds';

type Kinds = typeof ELEMENT_KINDS;
export type ElementType = keyof Kinds;
type KindSchema = Kinds[ElementType]['schema'];

export const ELEMENT_TYPES = Object.keys(ELEMENT_KINDS) as ElementType[];

export const elementSchema = z.discriminatedUnion(
  'type',
  Object.values(ELEMENT_KINDS).map((kind) => kind.schema) as [KindSchema, ...KindSchema[]],
  { error: `type must be one of: ${ELEMENT_TYPES.join(', ')}` },
);

export type Element = z.infer<typeof elementSchema>;
export type ElementOf<T extends ElementType> = Extract<Element, { type: T }>;
