// Stub (replaced by the upload-or-URL field with a progress bar): the featured image's URL.
export interface ImageFieldProps {
  /** form field that carries the image URL ("" for none) */
  name: string;
  id: string;
  label: string;
  defaultValue: string;
}

export function ImageField({ name, id, label, defaultValue }: ImageFieldProps) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input type="url" name={name} id={id} defaultValue={defaultValue} className="mt-1 w-full rounded-lg border border-stone-300 p-2" />
    </div>
  );
}
