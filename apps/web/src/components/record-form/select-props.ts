// Mantine Select uses null for "nothing chosen"; the record forms keep '' (the API's empty value).
import type { GetInputPropsReturnType } from '@mantine/form';

export function asSelectProps(
  props: GetInputPropsReturnType,
  onChange: (value: string) => void = props.onChange as (value: string) => void,
) {
  return {
    ...props,
    value: (props.value as string | undefined) || null,
    onChange: (value: string | null) => onChange(value ?? ''),
  };
}
