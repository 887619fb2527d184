// Answers of a target under test are arbitrary JSON; the checks validated their shape already, and
// suites read members the way the spec names them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;
