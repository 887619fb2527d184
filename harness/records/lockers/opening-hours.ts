// Opening hours a test sends on the wire (§2.1: accessMode ALWAYS or SCHEDULED, a weeklySchedule whose entries'
// structure is not shown; no request table lists openingHours, so a target may refuse them or keep its own).

/** Opening hours of the scheduled mode (§2.1: a non-empty weeklySchedule; its entries' structure not shown). */
export const SCHEDULED_HOURS = {
  accessMode: 'SCHEDULED',
  weeklySchedule: [
    { day: 'MONDAY', from: '08:00', to: '20:00' },
    { day: 'SATURDAY', from: '10:00', to: '18:00' },
  ],
  exceptions: [],
};

const DAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'] as const;

/** Scheduled hours open on `days` only. */
const scheduledOn = (days: readonly string[]) => ({
  accessMode: 'SCHEDULED',
  weeklySchedule: days.map((day) => ({ day, from: '08:00', to: '20:00' })),
  exceptions: [],
});

/** Scheduled hours open every day but the one `now` falls on (UTC): a locker closed today. */
export const closedOn = (now: Date) => scheduledOn(DAYS.filter((_, i) => i !== now.getUTCDay()));
