/** One option of a select: the value it sends and the words it shows. */
export interface Choice {
  value: string;
  label: string;
}

/**
 * A select's options, one a choice, after the option of the empty value when `none` names
 * it: "All statuses" in a filter, "Select a province" in a form that asks for one. A
 * module of its own, so that a page whose select writes its options out (the contact
 * form) does not load it: every byte of a public page counts (tests/build/size-budget).
 */
export function Options({ none, choices }: { none?: string; choices: readonly Choice[] }) {
  return (
    <>
      {none !== undefined && <option value="">{none}</option>}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </>
  );
}
