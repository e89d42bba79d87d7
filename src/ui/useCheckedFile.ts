import { useState } from 'react';
import { fileChoiceProblem, type UploadRule } from '../../domain/archivos';

/**
 * The file chosen in a FilePicker, checked against its upload rule as it is chosen: a refused file is not kept and
 * `error` says why (the page may also set it, e.g. when no file was chosen).
 */
export function useCheckedFile(rule: UploadRule) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pick = (picked: File | undefined) => {
    if (!picked) return;
    const problem = fileChoiceProblem(rule, picked);
    setError(problem);
    setFile(problem ? null : picked);
  };
  return { file, setFile, error, setError, pick };
}
