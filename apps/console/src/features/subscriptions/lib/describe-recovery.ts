/** The recover's toast: 'N entregas reenfileiradas', and how many an earlier recover had taken already. */
export function describeRecovery({ queued, alreadyRecovered }: { queued: number; alreadyRecovered: number }) {
  const title = queued === 1 ? '1 entrega reenfileirada' : `${queued} entregas reenfileiradas`;
  const description =
    alreadyRecovered === 0
      ? undefined
      : `${alreadyRecovered} já ${alreadyRecovered === 1 ? 'tinha sido recuperada' : 'tinham sido recuperadas'} antes`;
  return { title, description };
}
