import { createRequire } from 'node:module';
import { AppError, notFound } from '#src/platform/errors.ts';

/**
 * Uganda's administrative units (districts, sub-counties, villages) from the ug-locale package
 * (data from passports.go.ug). The data ships with the app and never changes while it runs, so
 * each process reads it once, on first use, and keeps it: 135 districts, 2,120 sub-counties and
 * 71,250 villages. Sub-counties hang off counties and villages off parishes in the data; the
 * checkout skips those levels, as people name a village by its sub-county.
 */
type Unit = { id: string; name: string };
type Places = {
  districts: Unit[];
  subCounties: Map<string, Unit[]>;
  villages: Map<string, Unit[]>;
  districtOfSubCounty: Map<string, string>;
};

let loaded: Places | null = null;

function places(): Places {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const read = <T>(file: string) => require(`ug-locale/${file}`) as T[];
  const counties = read<Unit & { district: string }>('counties.json');
  const subCounties = read<Unit & { county: string }>('subcounties.json');
  const parishes = read<Unit & { subcounty: string }>('parishes.json');
  const villages = read<Unit & { parish: string }>('villages.json');
  const byName = (a: Unit, b: Unit) => a.name.localeCompare(b.name);
  const group = <T extends Unit>(rows: T[], key: (row: T) => string | undefined) => {
    // Several parishes of one sub-county may each have a 'Central Zone': one entry per name.
    const out = new Map<string, Unit[]>();
    const seen = new Set<string>();
    for (const row of rows) {
      const k = key(row);
      const name = tidy(row.name);
      if (k === undefined || seen.has(`${k}\n${name}`)) continue;
      seen.add(`${k}\n${name}`);
      const list = out.get(k) ?? [];
      list.push({ id: row.id, name });
      out.set(k, list);
    }
    for (const list of out.values()) list.sort(byName);
    return out;
  };
  const districtOfCounty = new Map(counties.map((c) => [c.id, c.district]));
  const subCountyOfParish = new Map(parishes.map((p) => [p.id, p.subcounty]));
  const districtOfSubCounty = new Map(subCounties.map((s) => [s.id, districtOfCounty.get(s.county) ?? '']));
  loaded = {
    districts: read<Unit>('districts.json')
      .map((d) => ({ id: d.id, name: tidy(d.name) }))
      .sort(byName),
    subCounties: group(subCounties, (s) => districtOfCounty.get(s.county)),
    villages: group(villages, (v) => subCountyOfParish.get(v.parish)),
    districtOfSubCounty,
  };
  return loaded;
}

/** 'KAMPALA CENTRAL  DIVISION' → 'Kampala Central Division'. */
function tidy(name: string): string {
  return name
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .replace(/(^|[\s(/-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

export function listDistricts(): Unit[] {
  return places().districts;
}

export function listSubCounties(districtId: string): Unit[] {
  const list = places().subCounties.get(districtId);
  if (!list) throw notFound('No such district.');
  return list;
}

export function listVillages(subCountyId: string): Unit[] {
  const list = places().villages.get(subCountyId);
  if (!list) throw notFound('No such sub-county.');
  return list;
}

const same = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) === 0;

/**
 * Checks that a district, sub-county and village exist and belong together, and returns their
 * names as the data spells them (422 naming the first that does not fit).
 */
export function checkAddress(address: { district: string; subCounty: string; village: string }): {
  district: string;
  subCounty: string;
  village: string;
} {
  const district = listDistricts().find((d) => same(d.name, address.district));
  if (!district) throw new AppError('unknown_place', `There is no district called ${address.district}.`, 422);
  const subCounty = (places().subCounties.get(district.id) ?? []).find((s) => same(s.name, address.subCounty));
  if (!subCounty) {
    throw new AppError('unknown_place', `${district.name} has no sub-county called ${address.subCounty}.`, 422);
  }
  const village = (places().villages.get(subCounty.id) ?? []).find((v) => same(v.name, address.village));
  if (!village) {
    throw new AppError('unknown_place', `${subCounty.name} has no village called ${address.village}.`, 422);
  }
  return { district: district.name, subCounty: subCounty.name, village: village.name };
}
