import type { DeliveryAnswer, DeliveryOffer } from '../../../shared/delivery/delivery';
import { formatPounds } from '../../../shared/money';
import { useDelivery } from '../../api/delivery';
import { freeOverWords, priceWords } from '../../ui/delivery-words';

// What the information pages say of delivery, from the services the owner offers now (every
// active one, priced for one item): no page quotes a price or a day written into the code.

const UK_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hour: '2-digit',
  minute: '2-digit',
});

/** `2-3 working days`, `1 working day`. */
function workingDays({ min, max }: DeliveryOffer['days']): string {
  const span = min === max ? String(min) : `${String(min)}-${String(max)}`;
  return `${span} working ${max === 1 ? 'day' : 'days'}`;
}

const sent = (answer: DeliveryAnswer) => answer.services.filter((service) => !service.collect);

/** When an order paid now goes: the cut-off in UK time, and the days it takes to make. */
export function DispatchTimes() {
  const { data } = useDelivery();
  if (!data) return null;
  const cutOff = UK_TIME.format(new Date(data.dispatchCutOff));
  const handling = data.handlingDays;
  return (
    <p>
      An order paid before {cutOff} (UK time) on a day we post goes out that day; one paid later
      goes out on the next day we post. We do not post at weekends, on bank holidays or on days we
      are closed.
      {handling > 0 &&
        ` We take ${workingDays({ min: handling, max: handling })} to make each order before it goes out.`}
    </p>
  );
}

/** One line of the list of services: its price, from what it is free, its days and its cover. */
function serviceFacts(service: DeliveryOffer, answer: DeliveryAnswer): string {
  const facts = [priceWords(service.price)];
  if (service.freeOver !== null && service.price > 0) facts.push(freeOverWords(service.freeOver));
  if (service.collect) {
    if (answer.collection) facts.push(`from ${answer.collection.address}`);
  } else {
    facts.push(`${workingDays(service.days)} after dispatch`);
    if (service.signed) facts.push('signed for');
    else if (service.tracked) facts.push('tracked');
    if (service.cover !== null) facts.push(`covered up to ${formatPounds(service.cover)}`);
  }
  return facts.join(', ');
}

/** Every service on offer, as the shipping page lists them: those sent first, cheapest first. */
export function DeliveryServiceList() {
  const { data } = useDelivery();
  if (!data) return null;
  return (
    <ul>
      {[...sent(data), ...data.services.filter((service) => service.collect)].map((service) => (
        <li key={service.id}>
          <span className="font-medium">{service.name}</span>: {serviceFacts(service, data)}.
        </li>
      ))}
    </ul>
  );
}

/** How long delivery takes, over every service sent. */
export function DeliveryTimesSentence() {
  const { data } = useDelivery();
  const services = data ? sent(data) : [];
  if (services.length === 0) return null;
  const min = Math.min(...services.map((service) => service.days.min));
  const max = Math.max(...services.map((service) => service.days.max));
  return (
    <>
      Your order arrives {workingDays({ min, max })} after we dispatch it, depending on the service
      you choose.{' '}
    </>
  );
}

/** Whether delivery is free, and what it costs otherwise. */
export function FreeDeliveryAnswer() {
  const { data } = useDelivery();
  const services = data ? sent(data) : [];
  const free = services.find((service) => service.freeOver !== null);
  const cheapest = services[0];
  const collect = data?.services.find((service) => service.collect);
  const words: string[] = [];
  if (free?.freeOver) {
    words.push(`${free.name} is free on orders of ${formatPounds(free.freeOver)} or more.`);
  }
  if (cheapest) {
    words.push(
      cheapest.price === 0
        ? 'UK delivery is free.'
        : `${free ? 'Otherwise, UK delivery' : 'UK delivery'} costs from ${formatPounds(cheapest.price)}, and you will see it in your basket before you pay.`,
    );
  }
  if (collect) {
    words.push(
      `Or choose ‘${collect.name}’ (${priceWords(collect.price).toLowerCase()}) and pick your order up from us.`,
    );
  }
  return <p>{words.join(' ')}</p>;
}
