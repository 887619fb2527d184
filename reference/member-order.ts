// Choice memberOrder 'reversed': every JSON object of every answer and delivery written with its members
// in the reverse of the order the reference builds them. JSON objects are unordered (RFC 8259 §4); a
// client that reads members by position breaks here.
export function reversedMembers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedMembers);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reversedMembers(v)]),
  );
}
