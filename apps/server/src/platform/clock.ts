// Time comes from one injectable clock, so expiry and lockout rules can be tested without waiting.
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
