// Languages as the pages show them: a list's two languages are names a
// teacher typed ("French", "Français", "日本語"), which the server sends as
// they are (Protocol.md §5 LANGUAGES). A name the page knows gets its
// language tag on the words, so that the browser picks the right glyphs
// (Japanese and Chinese share code points but not shapes) and a screen
// reader the right voice; any other name is shown as typed, with no tag.
// Words of right-to-left scripts (Arabic, Hebrew, Persian, Urdu) keep their
// order inside a sentence of ours: protocol.js's isolated.
//
// Pure: no DOM; Node tests it (Tests/WordGameWebTests/browser/pages_test.mjs).

/** [tag, English name, its own name(s)…]: the languages a class meets most, as the server's header table has them. */
const LANGUAGES = [
  ['en', 'English'], ['es', 'Spanish', 'Español', 'Castellano'], ['fr', 'French', 'Français'], ['de', 'German', 'Deutsch'],
  ['it', 'Italian', 'Italiano'], ['pt', 'Portuguese', 'Português'], ['nl', 'Dutch', 'Nederlands'], ['sv', 'Swedish', 'Svenska'],
  ['no', 'Norwegian', 'Norsk'], ['da', 'Danish', 'Dansk'], ['fi', 'Finnish', 'Suomi'], ['is', 'Icelandic', 'Íslenska'],
  ['pl', 'Polish', 'Polski'], ['cs', 'Czech', 'Čeština'], ['sk', 'Slovak', 'Slovenčina'], ['hu', 'Hungarian', 'Magyar'],
  ['ro', 'Romanian', 'Română'], ['el', 'Greek', 'Ελληνικά'], ['tr', 'Turkish', 'Türkçe'], ['ru', 'Russian', 'Русский'],
  ['uk', 'Ukrainian', 'Українська'], ['bg', 'Bulgarian', 'Български'], ['hr', 'Croatian', 'Hrvatski'],
  ['sr', 'Serbian', 'Српски', 'Srpski'], ['sl', 'Slovenian', 'Slovenščina'], ['lt', 'Lithuanian', 'Lietuvių'],
  ['lv', 'Latvian', 'Latviešu'], ['et', 'Estonian', 'Eesti'], ['ar', 'Arabic', 'العربية'], ['he', 'Hebrew', 'עברית'],
  ['fa', 'Persian', 'Farsi', 'فارسی'], ['ur', 'Urdu', 'اردو'], ['hi', 'Hindi', 'हिन्दी', 'हिंदी'], ['bn', 'Bengali', 'বাংলা'],
  ['zh', 'Chinese', '中文', '汉语', '漢語'], ['ja', 'Japanese', '日本語'], ['ko', 'Korean', '한국어'],
  ['vi', 'Vietnamese', 'Tiếng Việt'], ['th', 'Thai', 'ไทย'], ['id', 'Indonesian', 'Bahasa Indonesia'],
  ['ms', 'Malay', 'Bahasa Melayu'], ['sw', 'Swahili', 'Kiswahili'], ['ca', 'Catalan', 'Català'], ['eu', 'Basque', 'Euskara'],
  ['gl', 'Galician', 'Galego'], ['ga', 'Irish', 'Gaeilge'], ['cy', 'Welsh', 'Cymraeg'], ['la', 'Latin', 'Latina'],
  ['eo', 'Esperanto'], ['tl', 'Tagalog', 'Filipino'],
];

const TAGS = new Map();
for (const [tag, ...names] of LANGUAGES) for (const name of names) TAGS.set(name.toLocaleLowerCase('en'), tag);

/** The English names, for the list dialog's suggestions. */
export const LANGUAGE_NAMES = LANGUAGES.map(([, english]) => english);

/** A language's tag for `lang` ("French" or "français" → "fr"); '' for a name the page does not know. */
export function languageTag(name) {
  return TAGS.get(String(name ?? '').trim().toLocaleLowerCase('en')) ?? '';
}

/**
 * Sets an element's `lang` for a language's name (`lang=""`, unknown, for a name the page does not know:
 * never the page's English) and lets the text choose its direction.
 */
export function markLanguage(element, name) {
  const tag = languageTag(name);
  if (element.getAttribute('lang') !== tag) element.setAttribute('lang', tag);
  element.setAttribute('dir', 'auto');
}
