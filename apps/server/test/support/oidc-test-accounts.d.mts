export const PROVIDER_PASSWORD: string;
