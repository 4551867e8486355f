import "./styles";
import { Container, Group, Stack, Text, Title } from "@mantine/core";
import { IconLock } from "../../components/iconBase";
import { INTRO } from "../../content/report-scam";
import { ReportWizard } from "./ReportWizard";

/** /report-scam: the report-a-scam wizard (spec awareness-reports-leads §2). */
export function ReportScamPage() {
  return (
    <Container size="md" py={{ base: 32, md: 56 }}>
      <Stack gap="sm" mb="xl">
        <Text c="brand.8" fw={800} fz="sm" tt="uppercase" lts="0.08em">
          {INTRO.eyebrow}
        </Text>
        <Title order={1} c="ink.9" fz={{ base: 30, sm: 40 }} lh={1.15}>
          {INTRO.title}
        </Title>
        <Text fz="lg" c="ink.7" lh={1.6}>
          {INTRO.lead}
        </Text>
      </Stack>
      <ReportWizard />
      <Group gap={8} wrap="nowrap" align="flex-start" mt="lg">
        <IconLock size={16} color="#495057" style={{ flexShrink: 0, marginTop: 2 }} />
        <Text fz="sm" c="ink.7" lh={1.5}>
          {INTRO.privacy}
        </Text>
      </Group>
    </Container>
  );
}
