import './field-notes.css';

/**
 * The limit of a long field, said before sending: "Up to 2,000 characters", then how many are used
 * once typing starts. Tie it to its field with aria-describedby; the field's maxLength stops at it.
 */
/** 2000 -> '2,000', without an Intl formatter (its locale data costs a slow phone a long task). */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export function CharacterCount({ id, length, limit }: { id: string; length: number; limit: number }) {
  const near = length >= limit * 0.9;
  return (
    <small id={id} className={`character-count${near ? ' character-count--near' : ''}`}>
      {length === 0 ? `Up to ${grouped(limit)} characters` : `${grouped(length)} of ${grouped(limit)} characters`}
    </small>
  );
}
