import { Checkbox, Paper, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import {
  CONTACT_METHOD_FIELDS,
  CONTACT_METHOD_LABELS,
  CONTACT_METHODS,
  COUNTRY_CODES,
  DEFAULT_COUNTRY_CODE,
  FIELD_LABELS,
  QUESTIONS,
  SCAM_TYPE_FIELDS,
  SCAM_TYPE_LABELS,
  SCAM_TYPES,
  type ContactMethod,
  type ScamType,
} from "@site/core/report/catalogue";
import { EARLIEST_DATE, FUTURE_DATE_MESSAGE, todayInNewYork } from "@site/core/report/date";
import { filterPhoneInput, PHONE_MAX_LENGTH } from "@site/core/report/phone";
import type { ReactNode } from "react";
import { WIZARD } from "../../content/report-scam";
import { YesNo } from "./controls";
import { MoneyInput, SpecField } from "./specControls";
import { EvidenceField } from "./EvidenceField";
import { fieldId, withContactField, withScamField, withValue, type StepProps } from "./wizardForm";

const COUNTRY_CODE_OPTIONS = COUNTRY_CODES.map(({ code, label }) => ({ value: code, label }));

/**
 * Step 2, 'Tell Us What Happened' (spec §2, §5): scam types and contact methods, each revealing its
 * own fields when ticked; whether money was lost and how much; the date, in US Eastern time, never
 * after today.
 */
export function WhatHappenedStep(props: StepProps) {
  const { draft, change, field, touch, disabled } = props;
  const scamTypes = field("scamTypes");
  const contactMethods = field("contactMethods");
  const date = field("dateOccurred");
  return (
    <Stack gap="xl">
      <Checkbox.Group
        label={FIELD_LABELS.scamTypes}
        size="md"
        required
        value={draft.scamTypes}
        onChange={(values) => {
          change(
            withValue(
              "scamTypes",
              values.filter((v): v is ScamType => (SCAM_TYPES as readonly string[]).includes(v)),
            ),
          );
          touch("scamTypes");
        }}
        error={scamTypes.error}
      >
        <Stack gap="sm" mt="xs" id={scamTypes.id}>
          {SCAM_TYPES.map((type) => (
            <Choice key={type} value={type} label={SCAM_TYPE_LABELS[type]} selected={draft.scamTypes.includes(type)} disabled={disabled}>
              {SCAM_TYPE_FIELDS[type].map((spec) => (
                <SpecField
                  key={spec.name}
                  spec={spec}
                  value={(draft.scamTypeFields[type] as Record<string, string | boolean>)[spec.name]!}
                  onChange={(value) => change(withScamField(type, spec.name as never, value as never))}
                  field={field(`scamTypes.${type}.${spec.name}`)}
                />
              ))}
            </Choice>
          ))}
        </Stack>
      </Checkbox.Group>

      <Checkbox.Group
        label={FIELD_LABELS.contactMethods}
        size="md"
        required
        value={draft.contactMethods}
        onChange={(values) => {
          change(
            withValue(
              "contactMethods",
              values.filter((v): v is ContactMethod => (CONTACT_METHODS as readonly string[]).includes(v)),
            ),
          );
          touch("contactMethods");
        }}
        error={contactMethods.error}
      >
        <Stack gap="sm" mt="xs" id={contactMethods.id}>
          {CONTACT_METHODS.map((method) => (
            <Choice key={method} value={method} label={CONTACT_METHOD_LABELS[method]} selected={draft.contactMethods.includes(method)} disabled={disabled}>
              <ContactMethodFields method={method} {...props} />
            </Choice>
          ))}
        </Stack>
      </Checkbox.Group>

      <Stack gap="md">
        <YesNo label={QUESTIONS.moneyLost} value={draft.moneyLost} onChange={(v) => change(withValue("moneyLost", v))} disabled={disabled} />
        {draft.moneyLost && (
          <MoneyInput
            {...field("amountLost")}
            label={FIELD_LABELS.amountLost}
            required
            value={draft.amountLost}
            onChange={(digits) => change(withValue("amountLost", digits))}
            maw={{ sm: 320 }}
          />
        )}
      </Stack>

      <DatePickerInput
        id={date.id}
        label={FIELD_LABELS.dateOccurred}
        size="md"
        required
        placeholder={WIZARD.datePlaceholder}
        // No future day can be picked: today is New York's today, as the spec's picker works in US Eastern time.
        maxDate={todayInNewYork()}
        minDate={EARLIEST_DATE}
        valueFormat="MMMM D, YYYY"
        ariaLabels={WIZARD.calendarLabels}
        // AA contrast in the calendar: no red weekends, no faded days of other months, darker weekday names
        weekendDays={[]}
        hideOutsideDates
        styles={{ weekday: { color: "var(--mantine-color-gray-7)" } }}
        value={draft.dateOccurred || null}
        onChange={(day) => {
          change(withValue("dateOccurred", day ?? ""));
          touch("dateOccurred");
        }}
        onDropdownClose={() => touch("dateOccurred")}
        description={date.error === FUTURE_DATE_MESSAGE ? undefined : FUTURE_DATE_MESSAGE}
        error={date.error}
        disabled={date.disabled}
        maw={{ sm: 320 }}
      />
    </Stack>
  );
}

/** A choice as a card: its checkbox, and its own fields below once ticked. */
function Choice(props: { value: string; label: string; selected: boolean; disabled: boolean; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" bg={props.selected ? "brand.0" : undefined}>
      <Checkbox value={props.value} label={props.label} disabled={props.disabled} id={fieldId(`choice.${props.value}`)} size="md" fw={600} />
      {props.selected && (
        <Stack gap="md" mt="md" pl={{ base: 0, sm: 32 }}>
          {props.children}
        </Stack>
      )}
    </Paper>
  );
}

function ContactMethodFields({ method, draft, change, field, onUploadBusy }: StepProps & { method: ContactMethod }) {
  const fields = draft.contactMethodFields;
  const path = (name: string) => `contactMethods.${method}.${name}`;
  switch (method) {
    case "phone": {
      const [countryCode, phoneNumber] = CONTACT_METHOD_FIELDS.phone;
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            {...field(path("countryCode"))}
            label={countryCode.label}
            size="md"
            required
            data={COUNTRY_CODE_OPTIONS}
            value={fields.phone.countryCode || DEFAULT_COUNTRY_CODE}
            onChange={(code) => change(withContactField("phone", "countryCode", code ?? DEFAULT_COUNTRY_CODE))}
            allowDeselect={false}
            placeholder={WIZARD.countryCodePlaceholder}
          />
          <TextInput
            {...field(path("phoneNumber"))}
            label={phoneNumber.label}
            required
            type="tel"
            autoComplete="off"
            maxLength={PHONE_MAX_LENGTH}
            value={fields.phone.phoneNumber}
            onChange={(event) => change(withContactField("phone", "phoneNumber", filterPhoneInput(event.currentTarget.value)))}
          />
        </SimpleGrid>
      );
    }
    case "email":
      return (
        <>
          <TextInput
            {...field(path("emailAddress"))}
            label={CONTACT_METHOD_FIELDS.email[0].label}
            required
            type="email"
            autoComplete="off"
            value={fields.email.emailAddress}
            onChange={(event) => change(withContactField("email", "emailAddress", event.currentTarget.value))}
          />
          <EvidenceField
            purpose="contactEmail"
            label={FIELD_LABELS.contactEmailEvidence}
            value={fields.email.evidence}
            onChange={(evidence) => change(withContactField("email", "evidence", evidence))}
            onBusy={(busy) => onUploadBusy(path("evidence"), busy)}
            field={field(path("evidence"))}
          />
        </>
      );
    case "social_media":
    case "in_person":
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {CONTACT_METHOD_FIELDS[method].map((spec) => (
            <SpecField
              key={spec.name}
              spec={spec}
              value={(fields[method] as Record<string, string>)[spec.name]!}
              onChange={(value) => change(withContactField(method, spec.name as never, value as never))}
              field={field(path(spec.name))}
            />
          ))}
        </SimpleGrid>
      );
  }
}
