/** One answer being made for an address, that other requests for it may wait for. */
export interface Flight {
  /** Settles when the answer is made (kept or not), or after a bound, whichever comes first. */
  readonly landed: Promise<void>;
  land(): void;
}

type Boarding = { leads: Flight } | { waitsFor: Flight };

/**
 * Requests for one address that find nothing kept at the same time: the first makes the answer
 * and the others wait for it, so a change to the catalogue costs one page render for each address
 * however many shoppers ask at once, not one each (and the memory of all of them together). A
 * waiter uses the answer made only if nothing it shows changed meanwhile (response-cache.ts).
 */
export function answerFlights(waitAtMostMs: number) {
  const flights = new Map<string, Flight>();

  function departure(key: string): Flight {
    let settle: () => void = () => undefined;
    const landed = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const timer = setTimeout(() => flight.land(), waitAtMostMs);
    timer.unref();
    const flight: Flight = {
      landed,
      land() {
        clearTimeout(timer);
        if (flights.get(key) === flight) flights.delete(key);
        settle();
      },
    };
    return flight;
  }

  return {
    board(key: string): Boarding {
      const current = flights.get(key);
      if (current) return { waitsFor: current };
      const flight = departure(key);
      flights.set(key, flight);
      return { leads: flight };
    },
    get size() {
      return flights.size;
    },
  };
}
