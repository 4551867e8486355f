import { Center, Loader } from "@mantine/core";

export function PageLoader({ label = "Loading..." }: { label?: string }) {
  return (
    <Center py={96} aria-label={label} role="status">
      <Loader color="brand" />
    </Center>
  );
}
