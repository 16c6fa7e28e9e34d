/** The longest id a delivery service may have, as the API allows. */
const ID_LONGEST = 40;

/** `Royal Mail Tracked 48` as an id: `royal-mail-tracked-48`; `service` when nothing is left. */
export function idFromName(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, ID_LONGEST)
    .replace(/-+$/, '');
  return words === '' ? 'service' : words;
}

/**
 * The ids the services will be saved with. A saved service keeps its own, since orders sold with
 * it name it; a new one (no id yet) takes one made from its name, with `-2`, `-3`… after it when
 * another service has it already.
 */
export function serviceIds(services: readonly { id: string; name: string }[]): string[] {
  const taken = new Set(services.map((service) => service.id).filter((id) => id !== ''));
  return services.map((service) => {
    if (service.id !== '') return service.id;
    const base = idFromName(service.name);
    let id = base;
    for (let count = 2; taken.has(id); count += 1) {
      const suffix = `-${String(count)}`;
      id = `${base.slice(0, ID_LONGEST - suffix.length).replace(/-+$/, '')}${suffix}`;
    }
    taken.add(id);
    return id;
  });
}
