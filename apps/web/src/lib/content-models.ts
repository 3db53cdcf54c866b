/**
 * Typed content items of docs/content-model.md, as the Delivery SDK maps them. Element codenames
 * are kept exactly as the content model names them; every feature reads content through these types.
 */
import type { Elements, IContentItem } from '@kontent-ai/delivery-sdk';

type Text = Elements.TextElement;
type RichText = Elements.RichTextElement;
type Assets = Elements.AssetsElement;
type Choice = Elements.MultipleChoiceElement;
type Linked<T extends IContentItem> = Elements.LinkedItemsElement<T>;

export type WelcomePage = IContentItem<{ letter: RichText; video_url: Text }>;

export type HeadingContent = IContentItem<{ header: Text; content: RichText }>;
export type AttirePage = IContentItem<{ title: Text; headings_and_content: Linked<HeadingContent> }>;

export type ConferenceLocation = IContentItem<{ location_name: Text; location_address: Text; location_link: Text }>;
export type ConferenceNote = IContentItem<{ heading: Text; content: RichText }>;
export type ConferenceInformation = IContentItem<{
  heading: Text;
  conference_location_info: RichText;
  conference_locations: Linked<ConferenceLocation>;
  conference_notes: Linked<ConferenceNote>;
  reggroup: Choice;
}>;

export type AgendaDate = IContentItem<{ header_date: Text; content: RichText }>;
export type AgendaLink = IContentItem<{ link_text: Text; header: Text; pdf: Assets; datewise_agenda: Linked<AgendaDate> }>;
export type AgendaPage = IContentItem<{ title: Text; links_and_pdfs: Linked<AgendaLink> }>;

export type FaqItem = IContentItem<{ question: Text; answer: RichText }>;
export type FaqPage = IContentItem<{ title: Text; queanswers: Linked<FaqItem>; reggroupfaq: Choice }>;

export type TourismLocation = IContentItem<{ name: Text }>;
export type TourismPage = IContentItem<{
  title: Text;
  heading: Text;
  heading_note: RichText;
  locations: Linked<TourismLocation>;
  tourism_map_url: Text;
}>;

export type LinkToExpoPage = IContentItem<{ title: Text; heading: Text; content: RichText; expo_url: Text }>;

export type HeaderTab = IContentItem<{ id: Text; title: Text; access_codes: Choice }>;
export type HeaderLayoutDetail = IContentItem<{ logo: Assets; banner: Assets; tablist: Linked<HeaderTab>; access_codes: Choice }>;

export type ReportType = IContentItem<{ id: Elements.NumberElement; name: Text; access_codes: Choice }>;
export type ReportTypes = IContentItem<{ title: Text; report_list: Linked<ReportType>; access_codes: Choice }>;

export type EnrollmentRegType = IContentItem<{ note: RichText; first_radio_btn_txt: Text; second_radio_btn_txt: Text }>;
export type Enrolment = IContentItem<{
  title: Text;
  header: Text;
  first_textbox_label: Text;
  second_textbox_label: Text;
  button_text: Text;
  first_textbox_required_error: Text;
  first_textbox_maxlength_error: Text;
  second_textbox_required_error: Text;
  second_textbox_maxlength_error: Text;
}>;

export type LoginContent = IContentItem<{
  heading: Text;
  username_placeholder: Text;
  password_placeholder: Text;
  firstname_placeholder: Text;
  lastname_placeholder: Text;
  button_text: Text;
  username_required_error: Text;
  username_invalid_error: Text;
  password_required_error: Text;
  password_invalid_error: Text;
  firstname_required_error: Text;
  lastname_required_error: Text;
  note: RichText;
  logo: Assets;
  banner: Assets;
}>;

export type PageLayout = IContentItem<{ site_title: Text; footer_text: RichText; logout_button_text: Text }>;

export type ReportLoginContent = IContentItem<{
  heading: Text;
  username_placeholder: Text;
  password_placeholder: Text;
  button_text: Text;
  username_required_error: Text;
  username_invalid_error: Text;
  password_required_error: Text;
  password_invalid_error: Text;
  note: RichText;
}>;

export type ReportDashboard = IContentItem<{
  report_header_text: Text;
  input_label: Text;
  input_placeholder: Text;
  button_text: Text;
  report_data_header_text: Text;
}>;

/** Content type codenames (the `system.type` of the items above). */
export const CONTENT_TYPES = {
  welcome: 'welcome_page',
  attire: 'attire_page',
  conferenceInformation: 'conference_information',
  agenda: 'agenda_page',
  faq: 'faq_page',
  tourism: 'tourism_page',
  linkToExpo: 'link_to_expo_page',
  headerLayout: 'header_layout_detail',
  reportTypes: 'report_types',
  login: 'login',
  pageLayout: 'page_layout',
  reportLogin: 'report_login',
  reportDashboard: 'report_dashboard',
} as const;

/** A text element's value, '' when the element is missing (content may lag the code). */
export function text(element: { value: string | null } | undefined): string {
  return element?.value ?? '';
}

/** The first asset of an asset element, if any. */
export function firstAsset(element: Assets | undefined): Elements.AssetsElement['value'][number] | undefined {
  return element?.value[0];
}
