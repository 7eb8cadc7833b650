/**
 * Public IPv4 blocks of access providers, by country, for the simulated units' addresses. Every
 * block was checked network by network against the GeoLite2 city database that the gateway uses
 * (address-blocks.test.ts keeps it so), so a unit's flag and city on the console match its country.
 * The weight is the country's share of the fleet, roughly where a maker of alignment equipment sells.
 */
export interface CountryBlocks {
  countryCode: string;
  country: string;
  continent: 'Africa' | 'Asia' | 'Europe' | 'North America' | 'Oceania' | 'South America';
  weight: number;
  blocks: readonly string[];
}

export const ADDRESS_BLOCKS: readonly CountryBlocks[] = [
  c('US', 'United States', 'North America', 30, ['71.43.0.0/16', '24.39.0.0/16', '24.43.0.0/16', '71.41.0.0/16']),
  c('CA', 'Canada', 'North America', 5, ['174.95.0.0/16', '70.51.0.0/16', '174.88.0.0/16', '70.49.0.0/16']),
  c('MX', 'Mexico', 'North America', 4, ['187.190.0.0/16', '187.188.0.0/16', '201.108.0.0/16', '189.190.0.0/16']),
  c('BR', 'Brazil', 'South America', 4, ['177.44.0.0/16', '179.108.0.0/16', '177.75.0.0/16', '189.4.0.0/16']),
  c('AR', 'Argentina', 'South America', 2, ['190.16.0.0/16', '181.45.0.0/16', '181.31.0.0/16', '190.18.0.0/16']),
  c('CL', 'Chile', 'South America', 1, ['190.164.0.0/16', '190.161.0.0/16', '191.119.0.0/16', '186.10.0.0/16']),
  c('CO', 'Colombia', 'South America', 1, ['181.49.0.0/16', '181.48.0.0/16', '186.80.0.0/16', '186.86.0.0/16']),
  c('GB', 'United Kingdom', 'Europe', 5, ['86.168.0.0/16', '86.175.0.0/16', '81.153.0.0/16', '81.158.0.0/16']),
  c('DE', 'Germany', 'Europe', 6, ['87.129.0.0/16', '87.137.0.0/16', '91.26.0.0/16', '91.25.0.0/16']),
  c('FR', 'France', 'Europe', 4, ['78.199.0.0/16', '78.197.0.0/16', '90.63.0.0/16', '90.48.0.0/16']),
  c('IT', 'Italy', 'Europe', 3, ['87.3.0.0/16', '93.56.0.0/16', '87.13.0.0/16', '79.41.0.0/16']),
  c('ES', 'Spain', 'Europe', 3, ['83.49.0.0/16', '88.13.0.0/16', '79.145.0.0/16', '80.24.0.0/16']),
  c('NL', 'Netherlands', 'Europe', 2, ['77.174.0.0/16', '77.169.0.0/16', '83.81.0.0/16', '83.82.0.0/16']),
  c('SE', 'Sweden', 'Europe', 2, ['90.229.0.0/16', '90.231.0.0/16', '78.64.0.0/16', '78.71.0.0/16']),
  c('PL', 'Poland', 'Europe', 2, ['83.8.0.0/16', '83.23.0.0/16', '79.191.0.0/16', '89.74.0.0/16']),
  c('CH', 'Switzerland', 'Europe', 1, ['178.196.0.0/16', '85.5.0.0/16', '85.4.0.0/16', '178.193.0.0/16']),
  c('TR', 'Turkey', 'Asia', 2, ['88.255.0.0/16', '88.247.0.0/16', '78.187.0.0/16', '78.188.0.0/16']),
  c('ZA', 'South Africa', 'Africa', 2, ['197.83.0.0/16', '197.87.0.0/16', '196.25.0.0/16', '102.182.0.0/16']),
  c('EG', 'Egypt', 'Africa', 1, ['41.33.0.0/16', '156.210.0.0/16', '197.46.0.0/16', '197.49.0.0/16']),
  c('NG', 'Nigeria', 'Africa', 1, ['197.210.0.0/16', '105.112.0.0/16', '102.90.0.0/16', '41.184.0.0/16']),
  c('KE', 'Kenya', 'Africa', 1, ['197.237.0.0/16', '41.80.0.0/16', '41.90.0.0/16', '197.232.0.0/16']),
  c('MA', 'Morocco', 'Africa', 1, ['41.137.0.0/16', '41.141.0.0/16', '105.159.0.0/16', '197.131.0.0/16']),
  c('JP', 'Japan', 'Asia', 3, ['153.139.0.0/16', '153.156.0.0/16', '60.62.0.0/16', '60.34.0.0/16']),
  c('KR', 'South Korea', 'Asia', 2, ['222.110.0.0/16', '121.136.0.0/16', '121.131.0.0/16', '222.120.0.0/16']),
  c('IN', 'India', 'Asia', 3, ['49.44.0.0/16', '117.239.0.0/16', '49.37.0.0/16', '117.250.0.0/16']),
  c('CN', 'China', 'Asia', 3, ['114.94.0.0/16', '223.104.0.0/16', '1.94.0.0/16', '36.113.0.0/16']),
  c('SG', 'Singapore', 'Asia', 1, ['220.255.0.0/16', '118.200.0.0/16', '118.201.0.0/16', '116.87.0.0/16']),
  c('TH', 'Thailand', 'Asia', 1, ['171.102.0.0/16', '171.97.0.0/16', '49.231.0.0/16', '124.122.0.0/16']),
  c('ID', 'Indonesia', 'Asia', 1, ['36.89.0.0/16', '36.91.0.0/16', '180.245.0.0/16', '110.136.0.0/16']),
  c('AE', 'United Arab Emirates', 'Asia', 1, ['5.195.0.0/16', '86.97.0.0/16', '2.50.0.0/16', '86.98.0.0/16']),
  c('AU', 'Australia', 'Oceania', 3, ['120.151.0.0/16', '101.168.0.0/16', '120.152.0.0/16', '58.163.0.0/16']),
  c('NZ', 'New Zealand', 'Oceania', 1, ['125.239.0.0/16', '125.238.0.0/16', '222.153.0.0/16', '222.154.0.0/16']),
];

function c(
  countryCode: string,
  country: string,
  continent: CountryBlocks['continent'],
  weight: number,
  blocks: readonly string[],
): CountryBlocks {
  return { countryCode, country, continent, weight, blocks };
}
