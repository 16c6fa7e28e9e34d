/** One answer being made for an address, that other requests for it may wait for. */
export interface Flight {
  readonly generation: number;
  /** Settles when the answer is made (kept or not), or after a bound, whichever comes first. */
  readonly landed: Promise<void>;
  land(): void;
}

type Boarding = { leads: Flight } | { waitsFor: Flight };

/**
 * Requests for one address that find nothing kept at the same time: the first makes the answer
 * and the others wait for it, so a change to the catalogue costs one page render for each address
 * however many shoppers ask at once, not one each (and the memory of all of them together).
 */
export function answerFlights(waitAtMostMs: number) {
  const flights = new Map<string, Flight>();

  function departure(key: string, generation: number): Flight {
    let settle: () => void = () => undefined;
    const landed = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const timer = setTimeout(() => flight.land(), waitAtMostMs);
    timer.unref();
    const flight: Flight = {
      generation,
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
    board(key: string, generation: number): Boarding {
      const current = flights.get(key);
      if (current?.generation === generation) return { waitsFor: current };
      const flight = departure(key, generation);
      flights.set(key, flight);
      return { leads: flight };
    },
    get size() {
      return flights.size;
    },
  };
}
