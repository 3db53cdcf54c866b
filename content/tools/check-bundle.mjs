#!/usr/bin/env node
// Checks the content bundles in content/ against content/types.json and docs/content-model.md:
// item shapes, linked items, asset files, codenames, rich text safety, and the fixed items the web
// app asks for, and each language's variants (every text a reader sees written in every language).
// Usage: node content/tools/check-bundle.mjs [--check] [environment ...]  (default: nbc abc; it only ever
// checks, --check is accepted so every content tool runs the same way in a check)
// Exits 1 and lists every problem when the bundle is not importable as authored.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const contentDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const MAX_ASSET_BYTES = 50 * 1024;
const CODENAME = /^[a-z_][a-z0-9_]{0,59}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ELEMENT_TYPES = new Set(['text', 'rich_text', 'number', 'date_time', 'multiple_choice', 'modular_content', 'asset', 'url_slug']);
const ALLOWED_TAGS = new Set(['p', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'br']);
const ALL_CODES = ['navigatingcorp', 'retailers', 'field', 'corporate'];
const LANGUAGE_CODENAME = /^[A-Za-z0-9_-]{1,60}$/;
/**
 * Elements whose value is the same in every language: codes, ids, links and the retailer report's
 * column list (a wire value the server matches). A variant must not write them; it must write every
 * other text, rich text and asset element (asset descriptions are the images' text alternatives).
 */
const SHARED_ELEMENTS = new Set(['id', 'report_header_text', 'access_codes', 'video_url', 'tourism_map_url', 'expo_url', 'location_link']);
const LOCALIZABLE_TYPES = new Set(['text', 'rich_text', 'asset']);
const isLocalizable = (codename, element) => LOCALIZABLE_TYPES.has(element.type) && !SHARED_ELEMENTS.has(codename);

/** Items every environment must hold (docs/content-model.md, "Types and items"). */
const REQUIRED_ITEMS = {
  welcome_page: 'welcome_page',
  attire_page: 'attire_page',
  conference_information_general: 'conference_information',
  conference_information_corporatesub: 'conference_information',
  conference_information_inddist: 'conference_information',
  conference_information_vendordistributor: 'conference_information',
  agenda_page_item: 'agenda_page',
  agenda_page_item_dealer: 'agenda_page',
  faq_page_general: 'faq_page',
  faq_page_corporate: 'faq_page',
  tourism_page: 'tourism_page',
  link_to_expo_page: 'link_to_expo_page',
  header_layout_detail: 'header_layout_detail',
  enrollment_reg_type_item: 'enrollment_reg_type',
  enrolment_item: 'enrolment',
  login: 'login',
  page_layout: 'page_layout',
};
/** Only the nbc environment serves the report screens. */
const REQUIRED_NBC_ITEMS = {
  report_types_item: 'report_types',
  report_login: 'report_login',
  report_dashboard: 'report_dashboard',
};
const TAB_CODES = {
  tab_welcome: ['welcome', ALL_CODES],
  tab_confinfo: ['confinfo', ALL_CODES],
  tab_agenda: ['agenda', ALL_CODES],
  tab_attire: ['attire', ALL_CODES],
  tab_faq: ['faq', ALL_CODES],
  tab_eventarea: ['eventarea', ALL_CODES],
  tab_linktoexpo: ['linktoexpo', ['retailers', 'corporate']],
  tab_enrollment: ['enrollment', ALL_CODES],
  tab_reporting: ['reporting', ['field', 'corporate']],
};
const REPORT_HEADER_TEXT =
  'Store Code,Store Name,Region,Zone,District,City/State,Attendee Name,Email,Attendee Type,Status,Enroll Date,Arrival Date,Departure Date,Virtual';

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const richTextOf = (v) => (Array.isArray(v) ? v.join('\n') : v);
const plainText = (html) => html.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim();
const sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x));

function checkTypes(types, problems) {
  const byCodename = new Map();
  if (!Array.isArray(types)) {
    problems.push('types.json: expected an array of types');
    return byCodename;
  }
  for (const type of types) {
    if (!isObject(type) || typeof type.codename !== 'string' || !CODENAME.test(type.codename)) {
      problems.push(`types.json: bad type codename ${JSON.stringify(type?.codename)}`);
      continue;
    }
    if (byCodename.has(type.codename)) problems.push(`types.json: duplicate type ${type.codename}`);
    if (typeof type.name !== 'string' || type.name === '') problems.push(`types.json: ${type.codename} has no name`);
    if (!isObject(type.elements)) {
      problems.push(`types.json: ${type.codename} has no elements`);
      continue;
    }
    for (const [codename, element] of Object.entries(type.elements)) {
      const where = `types.json: ${type.codename}.${codename}`;
      if (!CODENAME.test(codename)) problems.push(`${where}: bad element codename`);
      if (!ELEMENT_TYPES.has(element?.type)) problems.push(`${where}: unknown element type ${element?.type}`);
      if (typeof element?.name !== 'string' || element.name === '') problems.push(`${where}: no name`);
      const hasOptions = Array.isArray(element?.options);
      if ((element?.type === 'multiple_choice') !== hasOptions) problems.push(`${where}: options belong to multiple_choice only`);
      if (hasOptions && !element.options.every((o) => CODENAME.test(o?.codename) && typeof o?.name === 'string')) {
        problems.push(`${where}: every option needs a codename and a name`);
      }
    }
    byCodename.set(type.codename, type);
  }
  return byCodename;
}

function checkRichText(html, where, problems) {
  for (const match of html.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)) {
    const tag = match[1].toLowerCase();
    const attributes = match[2].trim();
    if (!ALLOWED_TAGS.has(tag)) problems.push(`${where}: tag <${tag}> is not allowed in rich text`);
    if (/\bon[a-z]+\s*=/i.test(attributes) || /\bstyle\s*=/i.test(attributes)) {
      problems.push(`${where}: <${tag}> carries an event handler or inline style`);
    }
    if (tag === 'a' && !match[0].startsWith('</')) {
      if (!/^href="https:\/\/[^"\s]+"$/.test(attributes)) problems.push(`${where}: <a> needs exactly one https href, got "${attributes}"`);
    } else if (attributes !== '' && tag !== 'a') {
      problems.push(`${where}: <${tag}> must not carry attributes`);
    }
  }
  const trimmed = html.trim();
  if (!/^<(p|ul|ol|h3|h4)>/.test(trimmed)) problems.push(`${where}: rich text must start with a block element`);
}

function checkValue(element, value, where, context) {
  const { problems, env } = context;
  switch (element.type) {
    case 'text':
    case 'url_slug':
      if (typeof value !== 'string') problems.push(`${where}: expected a string`);
      else if (value.trim() === '') problems.push(`${where}: empty text`);
      break;
    case 'rich_text': {
      const html = richTextOf(value);
      if (typeof html !== 'string' || (Array.isArray(value) && !value.every((s) => typeof s === 'string'))) {
        problems.push(`${where}: expected an HTML string or an array of strings`);
      } else checkRichText(html, where, problems);
      break;
    }
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) problems.push(`${where}: expected a number`);
      break;
    case 'date_time':
      if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) problems.push(`${where}: expected an ISO date`);
      break;
    case 'multiple_choice': {
      const allowed = element.options.map((o) => o.codename);
      if (!Array.isArray(value) || !value.every((v) => allowed.includes(v))) {
        problems.push(`${where}: expected option codenames from ${allowed.join(', ')}`);
      } else if (new Set(value).size !== value.length) problems.push(`${where}: repeated option`);
      break;
    }
    case 'modular_content':
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) problems.push(`${where}: expected item codenames`);
      else context.links.push({ where, codenames: value });
      break;
    case 'asset':
      if (!Array.isArray(value) || value.length === 0) {
        problems.push(`${where}: expected a non-empty array of assets`);
        break;
      }
      for (const asset of value) {
        if (!isObject(asset) || typeof asset.file !== 'string' || typeof asset.description !== 'string' || asset.description === '') {
          problems.push(`${where}: each asset needs a file and a description`);
        } else if (asset.file.includes('/') || !existsSync(join(contentDir, env, 'assets', asset.file))) {
          problems.push(`${where}: asset file ${asset.file} not found under ${env}/assets`);
        } else context.usedAssets.add(asset.file);
      }
      break;
    default:
      problems.push(`${where}: unknown element type ${element.type}`);
  }
}

function checkEnvironment(env, types, problems) {
  const envDir = join(contentDir, env);
  const environment = readJson(join(envDir, 'environment.json'));
  if (!UUID.test(environment.id ?? '')) problems.push(`${env}/environment.json: id must be a lowercase UUID`);
  if (environment.codename !== env) problems.push(`${env}/environment.json: codename must be ${env}`);
  if (typeof environment.name !== 'string' || environment.name === '') problems.push(`${env}/environment.json: name missing`);
  const languages = environment.languages;
  if (!Array.isArray(languages) || languages.length === 0 || !languages.every((l) => LANGUAGE_CODENAME.test(l?.codename ?? '') && typeof l?.name === 'string')) {
    problems.push(`${env}/environment.json: languages must list the default language first, then the others, each with a codename and a name`);
  }

  const items = new Map();
  const context = { problems, env, links: [], usedAssets: new Set() };
  const itemFiles = readdirSync(join(envDir, 'items')).filter((f) => f.endsWith('.json')).sort();
  for (const file of itemFiles) {
    const parsed = readJson(join(envDir, 'items', file));
    for (const item of Array.isArray(parsed) ? parsed : [parsed]) {
      const where = `${env}/items/${file}: ${item?.codename}`;
      if (!isObject(item) || typeof item.codename !== 'string' || !CODENAME.test(item.codename)) {
        problems.push(`${where}: bad item codename`);
        continue;
      }
      if (items.has(item.codename)) problems.push(`${where}: duplicate codename (also in ${items.get(item.codename).file})`);
      if (typeof item.name !== 'string' || item.name === '') problems.push(`${where}: no name`);
      const type = types.get(item.type);
      if (!type) {
        problems.push(`${where}: unknown type ${item.type}`);
        continue;
      }
      const elements = isObject(item.elements) ? item.elements : {};
      for (const [codename, element] of Object.entries(type.elements)) {
        if (!(codename in elements)) problems.push(`${where}: element ${codename} missing`);
        else checkValue(element, elements[codename], `${where}.${codename}`, context);
      }
      for (const codename of Object.keys(elements)) {
        if (!(codename in type.elements)) problems.push(`${where}: element ${codename} is not in type ${item.type}`);
      }
      const text = JSON.stringify(elements);
      if (/lorem ipsum|\bTODO\b|\bTBD\b|placeholder text/i.test(text)) problems.push(`${where}: filler text`);
      items.set(item.codename, { ...item, file });
    }
  }

  for (const { where, codenames } of context.links) {
    for (const codename of codenames) if (!items.has(codename)) problems.push(`${where}: linked item ${codename} does not exist`);
  }
  const linked = new Set(context.links.flatMap((l) => l.codenames));
  const required = { ...REQUIRED_ITEMS, ...(env === 'nbc' ? REQUIRED_NBC_ITEMS : {}) };
  for (const [codename, type] of Object.entries(required)) {
    const item = items.get(codename);
    if (!item) problems.push(`${env}: required item ${codename} missing`);
    else if (item.type !== type) problems.push(`${env}: ${codename} must be of type ${type}`);
  }
  for (const [codename, item] of items) {
    const topLevel = codename in REQUIRED_ITEMS || codename in REQUIRED_NBC_ITEMS;
    if (!topLevel && !linked.has(codename)) problems.push(`${env}: ${codename} is linked from nowhere`);
    if (item.elements.access_codes && !['header_layout_detail', 'header_tab', 'report_types', 'report_type'].includes(item.type)) {
      problems.push(`${env}: ${codename} carries access codes but is not a header or report item`);
    }
  }
  checkModelRules(env, items, problems);
  if (Array.isArray(languages)) {
    for (const language of languages.slice(1)) checkVariants(env, language.codename, items, types, problems, context);
  }

  const assetDir = join(envDir, 'assets');
  for (const file of existsSync(assetDir) ? readdirSync(assetDir) : []) {
    const size = statSync(join(assetDir, file)).size;
    if (size > MAX_ASSET_BYTES) problems.push(`${env}/assets/${file}: ${size} bytes, over ${MAX_ASSET_BYTES}`);
    if (!context.usedAssets.has(file)) problems.push(`${env}/assets/${file}: referenced by no item`);
  }
  return { items: items.size, assets: context.usedAssets.size };
}

/** One language's variants: known items, localizable elements only, valid values, and no item's text left out. */
function checkVariants(env, language, items, types, problems, context) {
  const dir = join(contentDir, env, 'variants', language);
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];
  const written = new Map();
  for (const file of files) {
    const parsed = readJson(join(dir, file));
    for (const variant of Array.isArray(parsed) ? parsed : [parsed]) {
      const where = `${env}/variants/${language}/${file}: ${variant?.codename}`;
      const item = items.get(variant?.codename);
      if (!item) {
        problems.push(`${where}: no such item in the default language`);
        continue;
      }
      if (written.has(variant.codename)) problems.push(`${where}: duplicate variant`);
      written.set(variant.codename, variant);
      const type = types.get(item.type);
      const elements = isObject(variant.elements) ? variant.elements : {};
      for (const [codename, value] of Object.entries(elements)) {
        const element = type.elements[codename];
        if (!element) problems.push(`${where}: element ${codename} is not in type ${item.type}`);
        else if (!isLocalizable(codename, element)) problems.push(`${where}: element ${codename} is the same in every language; leave it to the default language`);
        else checkValue(element, value, `${where}.${codename}`, context);
        // The banner artwork has its title, dates and tagline drawn in: each language needs its own file.
        if (codename === 'banner' && Array.isArray(value) && JSON.stringify(value.map((a) => a?.file)) === JSON.stringify((item.elements.banner ?? []).map((a) => a?.file))) {
          problems.push(`${where}.banner: the default language's banner file, whose text is drawn in; give the variant its own artwork`);
        }
      }
      if (/lorem ipsum|\bTODO\b|\bTBD\b|placeholder text/i.test(JSON.stringify(elements))) problems.push(`${where}: filler text`);
    }
  }
  for (const [codename, item] of items) {
    const type = types.get(item.type);
    const needed = Object.entries(type.elements).filter(([c, element]) => isLocalizable(c, element)).map(([c]) => c);
    if (needed.length === 0) continue;
    const variant = written.get(codename);
    if (!variant) {
      problems.push(`${env}: ${codename} has no ${language} variant (variants/${language}/)`);
      continue;
    }
    for (const element of needed) {
      if (!isObject(variant.elements) || !(element in variant.elements)) problems.push(`${env}: ${codename} (${language}) leaves ${element} in the default language`);
    }
  }
}

/** The rules of docs/content-model.md that the web app depends on, beyond plain shapes. */
function checkModelRules(env, items, problems) {
  const el = (codename) => items.get(codename)?.elements ?? {};
  const letter = plainText(richTextOf(el('welcome_page').letter ?? ''));
  if (letter.length <= 800) problems.push(`${env}: welcome letter is ${letter.length} characters, expected well over 600`);
  if (!/^https:\/\//.test(el('welcome_page').video_url ?? '')) problems.push(`${env}: video_url must be an https URL`);
  if (!/^https:\/\//.test(el('tourism_page').tourism_map_url ?? '')) problems.push(`${env}: tourism_map_url must be an https URL`);

  for (const group of ['general', 'corporatesub', 'inddist', 'vendordistributor']) {
    const info = el(`conference_information_${group}`);
    if (!sameSet(info.reggroup ?? [], [group])) problems.push(`${env}: conference_information_${group} must have reggroup [${group}]`);
  }
  for (const group of ['general', 'corporate']) {
    const faq = el(`faq_page_${group}`);
    if (!sameSet(faq.reggroupfaq ?? [], [group])) problems.push(`${env}: faq_page_${group} must have reggroupfaq [${group}]`);
  }

  const header = el('header_layout_detail');
  if (!sameSet(header.access_codes ?? [], ALL_CODES)) problems.push(`${env}: header_layout_detail must carry every access code`);
  if (!sameSet(header.tablist ?? [], Object.keys(TAB_CODES))) problems.push(`${env}: header tab list must hold the nine tabs`);
  for (const [codename, [id, codes]] of Object.entries(TAB_CODES)) {
    const tab = el(codename);
    if (tab.id !== id) problems.push(`${env}: ${codename} must have id ${id}`);
    if (!sameSet(tab.access_codes ?? [], codes)) problems.push(`${env}: ${codename} must carry ${codes.join(', ')}`);
  }

  if (items.has('report_types_item')) {
    const list = el('report_types_item');
    if (!sameSet(list.access_codes ?? [], ['field', 'corporate'])) problems.push(`${env}: report_types_item must carry field, corporate`);
    const expected = [1, 2, 3, 4, 5, 6, 7].map((n) => `report_type_${n}`);
    if (JSON.stringify(list.report_list) !== JSON.stringify(expected)) problems.push(`${env}: report_list must be report_type_1..7 in order`);
    for (const [index, codename] of expected.entries()) {
      const type = el(codename);
      const codes = index < 3 ? ['field', 'corporate'] : ['corporate'];
      if (type.id !== index + 1) problems.push(`${env}: ${codename} must have id ${index + 1}`);
      if (!sameSet(type.access_codes ?? [], codes)) problems.push(`${env}: ${codename} must carry ${codes.join(', ')}`);
    }
  }
  if (items.has('report_dashboard') && el('report_dashboard').report_header_text !== REPORT_HEADER_TEXT) {
    problems.push(`${env}: report_dashboard.report_header_text differs from the retailer report column list`);
  }
}

const problems = [];
const types = checkTypes(readJson(join(contentDir, 'types.json')), problems);
const named = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const envs = named.length > 0 ? named : ['nbc', 'abc'];
const ids = new Set();
for (const env of envs) {
  const { items, assets } = checkEnvironment(env, types, problems);
  const { id } = readJson(join(contentDir, env, 'environment.json'));
  if (ids.has(id)) problems.push(`${env}: environment id ${id} is used twice`);
  ids.add(id);
  console.log(`${env}: ${items} items, ${assets} assets`);
}
if (problems.length > 0) {
  console.error(`${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`content bundle OK (${types.size} types)`);
