/** A choice a form offers: the value stored and the label people read. */
export interface Choice {
  readonly value: string;
  readonly label: string;
}

/** The values of a list of choices, as the non-empty tuple `z.enum` takes. */
export const choiceValues = <const C extends readonly [Choice, ...Choice[]]>(choices: C) =>
  choices.map((choice) => choice.value) as [C[number]['value'], ...C[number]['value'][]];

/** The label of `value` among `choices`; undefined when it is none of them. */
export const choiceLabel = (choices: readonly Choice[], value: string | null) =>
  choices.find((choice) => choice.value === value)?.label;
