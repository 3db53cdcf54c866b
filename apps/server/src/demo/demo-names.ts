/** Word lists the demo generator draws from. All names are fictional; companies use example.com domains. */

export interface RegionSeed {
  code: string;
  description: string;
  /** Cities of the region, "City|ST"; the first six anchor its zones. */
  cities: readonly string[];
}

export const REGION_SEEDS: readonly RegionSeed[] = [
  {
    code: '010',
    description: 'Northeast',
    cities: ['Boston|MA', 'Hartford|CT', 'Providence|RI', 'Albany|NY', 'Manchester|NH', 'Portland|ME', 'Worcester|MA', 'Springfield|MA', 'Lowell|MA', 'New Haven|CT', 'Stamford|CT', 'Nashua|NH', 'Burlington|VT', 'Bangor|ME', 'Syracuse|NY', 'Rochester|NY', 'Buffalo|NY', 'Warwick|RI'],
  },
  {
    code: '020',
    description: 'Mid-Atlantic',
    cities: ['Philadelphia|PA', 'Newark|NJ', 'Baltimore|MD', 'Richmond|VA', 'Pittsburgh|PA', 'Wilmington|DE', 'Trenton|NJ', 'Jersey City|NJ', 'Allentown|PA', 'Harrisburg|PA', 'Dover|DE', 'Annapolis|MD', 'Rockville|MD', 'Arlington|VA', 'Norfolk|VA', 'Roanoke|VA'],
  },
  {
    code: '030',
    description: 'Southeast',
    cities: ['Atlanta|GA', 'Charlotte|NC', 'Orlando|FL', 'Jacksonville|FL', 'Raleigh|NC', 'Columbia|SC', 'Savannah|GA', 'Augusta|GA', 'Greensboro|NC', 'Charleston|SC', 'Greenville|SC', 'Tampa|FL', 'Miami|FL', 'Tallahassee|FL', 'Macon|GA', 'Wilmington|NC'],
  },
  {
    code: '040',
    description: 'Great Lakes',
    cities: ['Detroit|MI', 'Chicago|IL', 'Cleveland|OH', 'Columbus|OH', 'Indianapolis|IN', 'Milwaukee|WI', 'Grand Rapids|MI', 'Lansing|MI', 'Cincinnati|OH', 'Toledo|OH', 'Fort Wayne|IN', 'Springfield|IL', 'Peoria|IL', 'Madison|WI', 'Green Bay|WI', 'Akron|OH'],
  },
  {
    code: '050',
    description: 'Central',
    cities: ['Minneapolis|MN', 'Kansas City|MO', 'St. Louis|MO', 'Omaha|NE', 'Des Moines|IA', 'Wichita|KS', 'St. Paul|MN', 'Duluth|MN', 'Cedar Rapids|IA', 'Lincoln|NE', 'Topeka|KS', 'Fargo|ND', 'Sioux Falls|SD', 'Springfield|MO', 'Rochester|MN', 'Bismarck|ND'],
  },
  {
    code: '060',
    description: 'South Central',
    cities: ['Nashville|TN', 'Memphis|TN', 'Louisville|KY', 'Birmingham|AL', 'Jackson|MS', 'Little Rock|AR', 'Knoxville|TN', 'Chattanooga|TN', 'Lexington|KY', 'Bowling Green|KY', 'Montgomery|AL', 'Huntsville|AL', 'Mobile|AL', 'Gulfport|MS', 'Fayetteville|AR', 'Charleston|WV'],
  },
  {
    code: '070',
    description: 'Gulf States',
    cities: ['Houston|TX', 'Dallas|TX', 'San Antonio|TX', 'New Orleans|LA', 'Oklahoma City|OK', 'Austin|TX', 'Fort Worth|TX', 'El Paso|TX', 'Corpus Christi|TX', 'Lubbock|TX', 'Baton Rouge|LA', 'Shreveport|LA', 'Lafayette|LA', 'Tulsa|OK', 'Norman|OK', 'Amarillo|TX'],
  },
  {
    code: '080',
    description: 'Mountain',
    cities: ['Denver|CO', 'Phoenix|AZ', 'Salt Lake City|UT', 'Albuquerque|NM', 'Las Vegas|NV', 'Boise|ID', 'Colorado Springs|CO', 'Fort Collins|CO', 'Tucson|AZ', 'Mesa|AZ', 'Provo|UT', 'Ogden|UT', 'Santa Fe|NM', 'Reno|NV', 'Billings|MT', 'Cheyenne|WY'],
  },
  {
    code: '090',
    description: 'Pacific Northwest',
    cities: ['Seattle|WA', 'Portland|OR', 'Spokane|WA', 'Anchorage|AK', 'Honolulu|HI', 'Eugene|OR', 'Tacoma|WA', 'Bellevue|WA', 'Yakima|WA', 'Salem|OR', 'Bend|OR', 'Medford|OR', 'Fairbanks|AK', 'Juneau|AK', 'Hilo|HI', 'Olympia|WA'],
  },
  {
    code: '100',
    description: 'California',
    cities: ['Los Angeles|CA', 'San Diego|CA', 'San Jose|CA', 'Sacramento|CA', 'Fresno|CA', 'San Francisco|CA', 'Oakland|CA', 'Bakersfield|CA', 'Riverside|CA', 'Santa Barbara|CA', 'Long Beach|CA', 'Anaheim|CA', 'Stockton|CA', 'Modesto|CA', 'Santa Rosa|CA', 'Irvine|CA'],
  },
];

export const DISTRICT_SUFFIXES = ['North', 'South', 'East', 'West', 'Central', 'Northeast', 'Northwest', 'Southeast', 'Southwest', 'Metro'] as const;

export const FIRST_NAMES = [
  'Avery', 'Blake', 'Cameron', 'Dana', 'Elliot', 'Finley', 'Harper', 'Jamie', 'Kendall', 'Logan',
  'Morgan', 'Parker', 'Quinn', 'Reese', 'Riley', 'Rowan', 'Sawyer', 'Skyler', 'Taylor', 'Alex',
  'Aaron', 'Adam', 'Alan', 'Andrew', 'Anthony', 'Benjamin', 'Brian', 'Carlos', 'Charles', 'Christopher',
  'Daniel', 'David', 'Derek', 'Edward', 'Eric', 'Frank', 'Gabriel', 'George', 'Gregory', 'Henry',
  'Isaac', 'Jacob', 'James', 'Jason', 'Jeffrey', 'John', 'Jonathan', 'Joseph', 'Kevin', 'Luis',
  'Marcus', 'Mark', 'Matthew', 'Michael', 'Nathan', 'Nicholas', 'Omar', 'Patrick', 'Paul', 'Peter',
  'Raymond', 'Richard', 'Robert', 'Samuel', 'Scott', 'Sean', 'Stephen', 'Thomas', 'Victor', 'William',
  'Abigail', 'Alicia', 'Amanda', 'Amy', 'Angela', 'Anna', 'Brenda', 'Carmen', 'Caroline', 'Catherine',
  'Christine', 'Claire', 'Deborah', 'Denise', 'Diana', 'Elena', 'Emily', 'Erin', 'Grace', 'Hannah',
  'Helen', 'Irene', 'Jacqueline', 'Janet', 'Jennifer', 'Jessica', 'Julia', 'Karen', 'Katherine', 'Laura',
  'Linda', 'Lisa', 'Maria', 'Megan', 'Melissa', 'Michelle', 'Monica', 'Nancy', 'Natalie', 'Nicole',
  'Olivia', 'Pamela', 'Priya', 'Rachel', 'Rebecca', 'Rosa', 'Sandra', 'Sarah', 'Sofia', 'Stephanie',
  'Susan', 'Teresa', 'Valerie', 'Vanessa', 'Wendy', 'Yolanda', 'Hiro', 'Mei', 'Ravi', 'Tariq',
] as const;

export const LAST_NAMES = [
  'Abbott', 'Acosta', 'Adler', 'Alvarez', 'Archer', 'Bailey', 'Baker', 'Barnes', 'Bennett', 'Blackwell',
  'Bowman', 'Bradley', 'Brennan', 'Brooks', 'Burke', 'Caldwell', 'Carlson', 'Carter', 'Castillo', 'Chandler',
  'Chen', 'Coleman', 'Collins', 'Conway', 'Crawford', 'Cruz', 'Dalton', 'Daniels', 'Delgado', 'Dixon',
  'Donovan', 'Doyle', 'Dunn', 'Ellis', 'Estrada', 'Farrell', 'Fischer', 'Fleming', 'Flores', 'Foster',
  'Fowler', 'Garcia', 'Garrett', 'Gibson', 'Gonzalez', 'Graham', 'Grant', 'Greene', 'Griffin', 'Hale',
  'Hamilton', 'Hansen', 'Harmon', 'Hayes', 'Henderson', 'Hoffman', 'Holland', 'Hughes', 'Ingram', 'Jensen',
  'Jimenez', 'Kaplan', 'Keller', 'Kennedy', 'Kim', 'Knight', 'Lambert', 'Lawson', 'Lopez', 'Lowe',
  'Maddox', 'Marsh', 'Martinez', 'Mason', 'McBride', 'Medina', 'Mendoza', 'Mercer', 'Meyer', 'Miles',
  'Moreno', 'Nakamura', 'Nash', 'Nguyen', 'Nolan', 'Novak', 'Oliver', 'Ortega', 'Owens', 'Palmer',
  'Patel', 'Pearson', 'Perry', 'Porter', 'Price', 'Quinlan', 'Ramirez', 'Reed', 'Reyes', 'Rhodes',
  'Rios', 'Rivera', 'Robbins', 'Rojas', 'Russo', 'Salazar', 'Sanders', 'Schmidt', 'Shah', 'Sharp',
  'Shaw', 'Silva', 'Sloan', 'Soto', 'Spencer', 'Stanton', 'Stewart', 'Sullivan', 'Tanaka', 'Torres',
  'Tran', 'Tucker', 'Vargas', 'Vaughn', 'Wagner', 'Walsh', 'Warren', 'Watts', 'Weber', 'Wheeler',
  'Whitfield', 'Wolfe', 'Woodward', 'Yates', 'Young', 'Zimmerman',
] as const;

/** The first half of a store name: a founder's surname or a place word. */
export const STORE_NAME_WORDS = [
  'Lakeside', 'Riverside', 'Summit', 'Heritage', 'Pioneer', 'Valley', 'Gateway', 'Liberty', 'Capitol', 'Bayshore',
  'Hilltop', 'Crossroads', 'Frontier', 'Prairie', 'Redwood', 'Evergreen', 'Keystone', 'Coastal', 'Parkway', 'Northgate',
  'Southgate', 'Cedar Ridge', 'Stonebridge', 'Harbor', 'Meadowbrook', 'Oak Hill', 'Silver Lake', 'Twin Rivers', 'Blue Ridge', 'Sunset',
  'Tri-County', 'Midtown', 'Westfield', 'Eastwood', 'Fairview', 'Clearwater', 'Granite', 'Ironwood', 'Maple Grove', 'Pinecrest',
  ...LAST_NAMES,
] as const;

export const STORE_NAME_SUFFIXES = [
  'Motors', 'Auto Group', 'Automotive', 'Motor Company', 'Auto Center', 'Auto Sales', 'Motor Cars', 'Auto Mall', 'Motorworks', 'Vehicles',
] as const;

/** Companies of distributor, vendor and partner travellers, with their mail domains. */
export const DISTRIBUTOR_COMPANIES = ['Atlas Parts Distribution', 'Keystone Supply Co.', 'Northwind Logistics', 'Meridian Fleet Supply', 'Cobalt Distribution', 'Summit Parts Network'] as const;
export const INDEPENDENT_DISTRIBUTOR_COMPANIES = ['Harlow Independent Parts', 'Prairie State Distributors', 'Tidewater Auto Supply', 'Canyon Parts & Service'] as const;
export const VENDOR_COMPANIES = ['Brightline Diagnostics', 'Ironclad Tools', 'Clearview Glass', 'Velocity Lubricants', 'Signal Telematics', 'Lumen Lighting Systems', 'Granite Tire Co.'] as const;
export const PARTNER_COMPANIES = ['Beacon Financial Services', 'Crestline Insurance', 'Harbor Marketing Partners', 'Vantage Training Group'] as const;
export const EXPO_COMPANIES = ['Expo Displays Inc.', 'Showfloor Events', 'Booth & Banner Co.', 'Trade Stage Productions', 'Exhibit Works'] as const;
