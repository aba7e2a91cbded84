// The hand-written part of the demo community: four real metro areas, the clubs in them, names
// and the phrases listing titles, descriptions and messages are built from. ZIPs are real; their
// city and state come from the zip_codes table at seed time.
import type { ClubJoinMode, ClubType, ClubVisibility, SportKey } from "#db/schema";

export type Metro = {
  key: "boston" | "denver" | "austin" | "portland";
  name: string;
  state: string;
  latitude: number;
  longitude: number;
  /** Users and listings live within this many miles of the centre. */
  radiusMiles: number;
  /** Sports people here sell more of (weighted ×3). */
  favouriteSports: readonly SportKey[];
};

export const METROS: readonly Metro[] = [
  { key: "boston", name: "Boston", state: "MA", latitude: 42.3601, longitude: -71.0589, radiusMiles: 12, favouriteSports: ["hockey", "soccer", "lacrosse", "figure-skating"] },
  { key: "denver", name: "Denver", state: "CO", latitude: 39.7392, longitude: -104.9903, radiusMiles: 18, favouriteSports: ["skiing", "snowboarding", "cycling", "hike-camp"] },
  { key: "austin", name: "Austin", state: "TX", latitude: 30.2672, longitude: -97.7431, radiusMiles: 18, favouriteSports: ["tennis", "softball", "golf", "basketball"] },
  { key: "portland", name: "Portland", state: "OR", latitude: 45.5152, longitude: -122.6784, radiusMiles: 14, favouriteSports: ["cycling", "hike-camp", "soccer", "skiing"] },
];

export type ClubSeed = {
  name: string;
  metro: Metro["key"];
  zip: string;
  type: ClubType;
  sport: SportKey | null;
  visibility: ClubVisibility;
  joinMode: ClubJoinMode;
  inviteCode?: string;
  description: string;
  /** Which demo account owns it (the rest get a generated owner). */
  demoOwner?: "owner";
  size: "small" | "medium" | "large";
};

export const CLUB_SEEDS: readonly ClubSeed[] = [
  // Boston
  { name: "Cambridge Youth Soccer League", metro: "boston", zip: "02138", type: "league", sport: "soccer", visibility: "public", joinMode: "open", size: "large",
    description: "Recreational and travel soccer for Cambridge kids U6–U14. Swap outgrown cleats, shin guards and keeper gloves with other families before each season." },
  { name: "Back Bay Pickleball Club", metro: "boston", zip: "02116", type: "club", sport: "tennis", visibility: "public", joinMode: "approval", demoOwner: "owner", size: "medium",
    description: "Weekly open play at the Back Bay courts and indoor sessions in winter. Members trade paddles, balls and court shoes here. New players welcome — request to join and say hi." },
  { name: "Newton North High School Athletics", metro: "boston", zip: "02460", type: "school", sport: "football", visibility: "members_only", joinMode: "code", inviteCode: "TIGERS24", size: "large",
    description: "Equipment exchange for Newton North families and coaches. Invite code is in the athletic department newsletter." },
  { name: "Somerville Community Bike Collective", metro: "boston", zip: "02143", type: "organization", sport: "cycling", visibility: "public", joinMode: "open", size: "medium",
    description: "Volunteer-run bike shop and ride group. Donated and refurbished bikes, parts and helmets find new riders here." },
  { name: "Brookline Youth Hockey Association", metro: "boston", zip: "02445", type: "organization", sport: "hockey", visibility: "members_only", joinMode: "approval", size: "large",
    description: "Mites through Bantams. Skates, sticks and full gear bags passed down between families — membership is approved by the equipment coordinator." },
  { name: "Blue Hills Nordic Ski Club", metro: "boston", zip: "02186", type: "club", sport: "skiing", visibility: "public", joinMode: "approval", size: "small",
    description: "Classic and skate skiing at Blue Hills and weekend trips north. Waxing clinics every December; members sell skis, boots and poles they have outgrown." },
  { name: "Boston Figure Skating Parents", metro: "boston", zip: "02134", type: "club", sport: "figure-skating", visibility: "private", joinMode: "code", inviteCode: "AXEL2025", demoOwner: "owner", size: "small",
    description: "A private group for skating families at the Allston and Brighton rinks. Boots, blades, dresses and soakers change hands fast as skaters grow." },
  // Denver
  { name: "Denver Nordic Club", metro: "denver", zip: "80205", type: "club", sport: "skiing", visibility: "public", joinMode: "open", size: "large",
    description: "Cross-country skiers of every level. Weekly trips to the Front Range trails, a junior program and an annual ski swap that now lives here year-round." },
  { name: "Golden Trail Mountain Bikers", metro: "denver", zip: "80401", type: "club", sport: "cycling", visibility: "public", joinMode: "open", size: "medium",
    description: "Group rides at Apex, White Ranch and North Table. Bikes, wheels, helmets and pads from riders who upgrade every spring." },
  { name: "Cherry Creek Lacrosse League", metro: "denver", zip: "80206", type: "league", sport: "lacrosse", visibility: "public", joinMode: "approval", size: "large",
    description: "Boys' and girls' lacrosse for grades 3–8. Sticks, helmets and pads sized for growing players; league families get first pick." },
  { name: "East High School Athletic Boosters", metro: "denver", zip: "80206", type: "school", sport: "football", visibility: "members_only", joinMode: "code", inviteCode: "ANGELS80", size: "medium",
    description: "Booster club for East High teams. Gear drives, team fundraisers and a place for families to buy and sell uniforms and pads." },
  { name: "Mile High Youth Baseball", metro: "denver", zip: "80210", type: "league", sport: "baseball", visibility: "public", joinMode: "open", size: "large",
    description: "Spring and fall baseball for ages 5–14 in south Denver. Gloves, bats and catcher's gear at fair prices from families you know." },
  { name: "Evergreen Backcountry Hikers", metro: "denver", zip: "80439", type: "club", sport: "hike-camp", visibility: "members_only", joinMode: "approval", size: "medium",
    description: "Fourteeners, hut trips and family camp weekends. Tents, packs and sleeping bags in good shape, checked by people who use them." },
  { name: "Boulder Snowboard Team Parents", metro: "denver", zip: "80302", type: "club", sport: "snowboarding", visibility: "private", joinMode: "code", inviteCode: "SHRED303", size: "small",
    description: "For families of the Boulder youth freestyle and race teams. Boards, bindings and boots passed between teammates." },
  // Austin
  { name: "Austin Pickleball Collective", metro: "austin", zip: "78704", type: "club", sport: "tennis", visibility: "public", joinMode: "open", size: "large",
    description: "South Austin's friendliest pickleball crowd: drop-in play, ladders and clinics. Members swap paddles constantly — try before you buy." },
  { name: "Round Rock Girls Softball League", metro: "austin", zip: "78664", type: "league", sport: "softball", visibility: "public", joinMode: "approval", size: "large",
    description: "Fastpitch softball for girls 6U–18U. Bats, gloves and helmets from league families; coaches post team gear here too." },
  { name: "Westlake High School Golf", metro: "austin", zip: "78746", type: "school", sport: "golf", visibility: "members_only", joinMode: "code", inviteCode: "CHAPS746", size: "small",
    description: "Players, parents and coaches of the Westlake golf program. Clubs, bags and rangefinders change hands as players move up." },
  { name: "Austin Roller Derby Fresh Meat", metro: "austin", zip: "78702", type: "club", sport: "inline-roller", visibility: "public", joinMode: "open", size: "medium",
    description: "Learn-to-skate and derby training. Quad skates, wheels and pads for new skaters at prices that make trying derby easy." },
  { name: "Hill Country Cycling Club", metro: "austin", zip: "78701", type: "club", sport: "cycling", visibility: "public", joinMode: "approval", size: "large",
    description: "Road and gravel rides from downtown into the Hill Country, every Saturday and Wednesday. Bikes, wheels and trainers from members who ride a lot." },
  { name: "Austin Youth Basketball Association", metro: "austin", zip: "78751", type: "organization", sport: "basketball", visibility: "public", joinMode: "open", size: "large",
    description: "Rec and select basketball for boys and girls 7–15. Shoes, balls and portable hoops for the driveway." },
  { name: "Lady Bird Lake Fitness Crew", metro: "austin", zip: "78703", type: "club", sport: "fitness", visibility: "private", joinMode: "approval", size: "small",
    description: "Early-morning boot camp at Auditorium Shores. Kettlebells, bands and home-gym gear traded between members." },
  // Portland
  { name: "Rose City Youth Soccer Club", metro: "portland", zip: "97214", type: "club", sport: "soccer", visibility: "public", joinMode: "approval", size: "large",
    description: "Competitive and rec soccer in southeast Portland. Cleats, balls and goalkeeper gear from teammates who grew out of them." },
  { name: "Mt. Hood Ski Swap Cooperative", metro: "portland", zip: "97201", type: "organization", sport: "skiing", visibility: "public", joinMode: "open", size: "large",
    description: "The year-round version of our November swap. Skis, boots and outerwear for Timberline and Meadows, inspected by volunteers." },
  { name: "Portland Field Hockey League", metro: "portland", zip: "97209", type: "league", sport: "field-hockey", visibility: "public", joinMode: "open", size: "medium",
    description: "Field hockey for middle and high schoolers around Portland. Sticks, shin guards and goggles for new players." },
  { name: "Lincoln High School Tennis", metro: "portland", zip: "97205", type: "school", sport: "tennis", visibility: "members_only", joinMode: "code", inviteCode: "CARDS205", size: "small",
    description: "Lincoln tennis players and parents. Racquets, strings and shoes — and who has a ball machine to lend this week." },
  { name: "PDX Gear Library", metro: "portland", zip: "97217", type: "organization", sport: null, visibility: "public", joinMode: "open", size: "large",
    description: "A neighbourhood gear library for every sport: borrow, donate or buy the gear your family needs for one season." },
  { name: "Beaverton Little League", metro: "portland", zip: "97005", type: "league", sport: "baseball", visibility: "members_only", joinMode: "approval", size: "large",
    description: "Little League baseball in Beaverton, T-ball through Majors. Member families buy and sell gloves, bats and cleats between seasons." },
  { name: "Forest Park Hike & Camp Club", metro: "portland", zip: "97210", type: "club", sport: "hike-camp", visibility: "private", joinMode: "approval", size: "small",
    description: "Wildwood Trail regulars and weekend campers. Packs, tents and trekking poles from people who know what works in Oregon rain." },
];

/** Where the four demo accounts live (Boston, so their clubs are local to them). */
export const DEMO_ZIPS = { admin: "02139", owner: "02116", member: "02138", user: "02144" } as const;

export const FIRST_NAMES = [
  "Emma", "Liam", "Olivia", "Noah", "Ava", "Ethan", "Sophia", "Mason", "Isabella", "Lucas", "Mia", "Logan",
  "Charlotte", "Elijah", "Amelia", "James", "Harper", "Benjamin", "Evelyn", "Jacob", "Abigail", "Michael",
  "Emily", "Daniel", "Ella", "Henry", "Madison", "Jackson", "Scarlett", "Sebastian", "Grace", "Aiden",
  "Chloe", "Matthew", "Camila", "Samuel", "Aria", "David", "Riley", "Joseph", "Zoey", "Carter", "Nora",
  "Owen", "Lily", "Wyatt", "Hannah", "John", "Layla", "Jack", "Maya", "Luke", "Leah", "Jayden", "Zara",
  "Dylan", "Stella", "Gabriel", "Naomi", "Isaac", "Ruby", "Anthony", "Alice", "Julian", "Sadie", "Mateo",
  "Priyanka", "Wei", "Aaliyah", "Diego", "Fatima", "Hiroshi", "Keisha", "Omar", "Siobhan", "Tomás", "Yara",
  "Andre", "Bianca", "Colin", "Dana", "Erik", "Farah", "Graham", "Ines", "Jonah", "Kiara", "Marco", "Nadia",
];

export const LAST_NAMES = [
  "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
  "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin",
  "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson",
  "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores", "Green",
  "Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts", "O'Brien",
  "Sullivan", "Murphy", "Kim", "Chen", "Patel", "Shah", "Okafor", "Kowalski", "Novak", "Larsen", "Fischer",
  "Rossi", "Silva", "Tanaka", "Yamamoto", "Cohen", "Friedman", "McCarthy", "Fitzgerald", "Dubois", "Haddad",
];

export const EMAIL_DOMAINS = ["example.com", "example.org", "example.net"] as const;

/** A few real model names, keyed `brand|equipment type`, so some titles read like a real ad. */
export const MODELS: Readonly<Record<string, readonly string[]>> = {
  "Wilson|Racquets": ["Pro Staff 97", "Clash 100", "Blade 98", "Ultra 100"],
  "Babolat|Racquets": ["Pure Drive", "Pure Aero", "Pure Strike 100"],
  "Head|Racquets": ["Speed MP", "Radical MP", "Gravity Pro"],
  "Yonex|Racquets": ["EZONE 100", "VCORE 98", "Percept 97"],
  "Selkirk|Paddles": ["Vanguard Power Air", "SLK Halo", "Amped Epic"],
  "JOOLA|Paddles": ["Ben Johns Hyperion", "Perseus CFS 16", "Scorpeus"],
  "Paddletek|Paddles": ["Tempest Wave Pro", "Bantam TS-5"],
  "CRBN|Paddles": ["CRBN 1X Power", "CRBN 3X"],
  "Bauer|Skates": ["Vapor X3", "Supreme M4", "Supreme Mach", "Vapor Hyperlite"],
  "CCM|Skates": ["Jetspeed FT4", "Tacks AS-V", "Ribcor 86K"],
  "Bauer|Sticks": ["Nexus Sync", "Vapor Hyperlite2", "Supreme Mach"],
  "CCM|Sticks": ["Jetspeed FT6", "Ribcor Trigger 8"],
  "Bauer|Helmets": ["Re-Akt 85", "3500"],
  "Trek|Mountain Bikes": ["Marlin 5", "Fuel EX 8", "Roscoe 7"],
  "Trek|Road Bikes": ["Domane AL 2", "Émonda SL 5"],
  "Specialized|Mountain Bikes": ["Rockhopper", "Stumpjumper", "Epic EVO"],
  "Specialized|Road Bikes": ["Allez", "Tarmac SL7", "Roubaix"],
  "Giant|Hybrid Bikes": ["Escape 3", "FastRoad AR"],
  "Cannondale|Gravel Bikes": ["Topstone 2", "Topstone Carbon"],
  "Wahoo|Trainers": ["KICKR Core", "KICKR Snap"],
  "Rossignol|Skis": ["Experience 82", "Hero Elite", "Sender 94"],
  "Salomon|Skis": ["QST 98", "Stance 90"],
  "Atomic|Skis": ["Bent 100", "Redster S9"],
  "Völkl|Skis": ["Mantra M6", "Deacon 84"],
  "Salomon|Ski Boots": ["S/Pro 100", "Shift Pro 120"],
  "Lange|Ski Boots": ["RX 110", "Shadow 120"],
  "Burton|Snowboards": ["Custom", "Process", "Feelgood", "Ripcord"],
  "Lib Tech|Snowboards": ["T.Rice Orca", "Skunk Ape"],
  "Burton|Bindings": ["Cartel", "Mission"],
  "Callaway|Drivers": ["Paradym", "Rogue ST Max"],
  "TaylorMade|Drivers": ["Stealth 2", "SIM2 Max"],
  "Titleist|Irons": ["T200", "T100", "AP2"],
  "Ping|Irons": ["G425", "i230"],
  "Odyssey|Putters": ["White Hot OG #7", "Two-Ball"],
  "Rawlings|Gloves & Mitts": ["Heart of the Hide", "Pro Preferred", "Select Pro Lite"],
  "Wilson|Gloves & Mitts": ["A2000", "A1000"],
  "Marucci|Bats": ["CAT9", "CATX Connect"],
  "Easton|Bats": ["Hype Fire", "ADV 360"],
  "Easton|Batting Helmets": ["Z5 2.0"],
  "DeMarini|Bats": ["The Goods", "CF Zen"],
  "Louisville Slugger|Bats": ["Meta", "Atlas"],
  "Riddell|Helmets": ["SpeedFlex", "Speed Icon"],
  "Schutt|Helmets": ["F7 VTD", "Vengeance Pro"],
  "Nike|Cleats": ["Mercurial Vapor", "Phantom GX", "Tiempo Legend"],
  "Adidas|Cleats": ["Predator Accuracy", "Copa Pure", "X Speedportal"],
  "STX|Complete Sticks": ["Stallion 700", "Crux 600"],
  "Warrior|Helmets": ["Burn", "Evo"],
  "Jackson Ultima|Skates": ["Artiste", "Freestyle Fusion", "Elle"],
  "Riedell|Skates": ["Emerald", "Diamond", "Motion"],
  "Rollerblade|Inline Skates": ["Zetrablade", "Macroblade 84", "RB 110"],
  "Moxi|Roller Skates": ["Beach Bunny", "Lolly", "Jack"],
  "Concept2|Rowing Machines": ["RowErg Model D"],
  "Peloton|Exercise Bikes": ["Bike", "Bike+"],
  "Bowflex|Dumbbells": ["SelectTech 552", "SelectTech 1090"],
  "REI Co-op|Tents": ["Half Dome SL 2+", "Trail Hut 4"],
  "Big Agnes|Tents": ["Copper Spur HV UL2", "Tiger Wall UL2"],
  "Osprey|Backpacks": ["Atmos AG 65", "Aether 55", "Exos 48"],
  "The North Face|Sleeping Bags": ["One Bag", "Cat's Meow"],
  "Spalding|Basketballs": ["TF-1000 Legacy", "NBA Street"],
  "Wilson|Basketballs": ["Evolution", "NCAA Replica"],
  "Lifetime|Hoops & Backboards": ["54\" Portable Hoop", "44\" Shatterproof"],
  "Grays|Sticks": ["GR5000", "AC7 Jumbow"],
};

/** Price range in dollars by equipment type (first matching pattern wins). */
export const PRICE_RANGES: readonly (readonly [RegExp, number, number])[] = [
  [/Electric Bikes/, 900, 3200],
  [/(Road|Mountain|Gravel|Hybrid) Bikes/, 180, 2200],
  [/Kids' Bikes/, 40, 220],
  [/Treadmills|Rowing Machines|Cardio Machines|Exercise Bikes/, 250, 1400],
  [/Racks & Cages|Benches/, 90, 600],
  [/Ball Machines/, 250, 900],
  [/Hoops & Backboards/, 80, 450],
  [/Trainers/, 150, 700],
  [/Complete Sets/, 120, 650],
  [/Drivers|Irons|Fairway Woods|Hybrids/, 45, 380],
  [/Putters|Wedges/, 30, 180],
  [/Rangefinders/, 60, 280],
  [/Push Carts/, 40, 180],
  [/^Skis$|Snowboards/, 90, 520],
  [/Ski Boots|^Boots$|Bindings/, 50, 300],
  [/Skates|Blades/, 35, 420],
  [/Goalie/, 80, 650],
  [/Tents|Sleeping Bags|Backpacks/, 45, 320],
  [/Coolers|Camp Stoves/, 25, 240],
  [/Racquets|Paddles|Complete Sticks|^Sticks$|Bats/, 25, 260],
  [/Helmets|Shoulder Pads|Catcher's Gear/, 25, 180],
  [/Gloves & Mitts/, 20, 220],
  [/Dumbbells|Kettlebells|Weight Plates/, 20, 320],
  [/Cleats|Shoes|Hiking Boots/, 18, 120],
  [/Jackets/, 30, 220],
  [/Balls|Grips|Strings|Socks|Mouthguards|Tights|Bearings|Wheels$/, 5, 40],
  [/Bags/, 15, 110],
  [/Apparel|Jerseys|Shorts|Pants|Practice Wear|Uniforms|Base Layers|Dresses/, 10, 90],
];
export const DEFAULT_PRICE_RANGE: readonly [number, number] = [10, 120];

export const CONDITION_NOTES: Readonly<Record<string, readonly string[]>> = {
  new: ["Brand new, never used — still has the tags.", "New in box; bought the wrong size and missed the return window.", "Unused gift, still in the original packaging."],
  "like-new": ["Used a handful of times, looks new.", "Like new — one season of light use, no marks.", "Barely used and stored indoors."],
  "gently-used": ["Gently used for one season, everything works as it should.", "Some light scuffs but plenty of life left.", "Normal wear from a season of practices and games."],
  "well-worn": ["Well worn but still does the job — priced to match.", "Plenty of scuffs and wear; great as a backup or for a beginner.", "Used hard for a few seasons, fully functional."],
};

export const SELL_REASONS = [
  "My kid outgrew it.", "Upgraded to a newer model.", "Moving and clearing out the garage.", "Switched sports this year.",
  "Have two and only need one.", "Cleaning out the gear closet before the season.", "Making room in the garage.",
  "Bought it for a season that never happened.", "Getting a different size.", "Finally admitting I won't get back into it.",
];

export const PICKUP_NOTES = [
  "Porch pickup any evening after 6.", "Can meet at the rink/field on weekends.", "Pickup near the library; message me to set a time.",
  "Can bring it to Saturday practice.", "Cash or Venmo at pickup.", "Happy to meet at a coffee shop nearby.", null, null, null,
];

export const QUESTIONS = [
  "Is this still available?", "Would you take {offer} for it?", "What size is it exactly?", "Any cracks or damage I should know about?",
  "Could I pick it up this weekend?", "How many seasons has it been used?", "Does it come with the bag/case?", "Is the price firm?",
];
export const ANSWERS = [
  "Yes, still available!", "I could do {offer} if you can pick up this week.", "No damage, just normal wear.",
  "Saturday morning works — I'll send the address.", "It's been used for about one season.", "Price is firm, sorry.",
  "It does — the bag is included.", "Someone else is coming tonight, I'll let you know if it falls through.",
];
export const FOLLOW_UPS = ["Great, thanks!", "Perfect — see you then.", "Sounds good, I'll take it.", "Thanks, I'll think about it."];

export const CHAT_LINES = [
  "Does anyone have a {item} in {size}? My kid grew again.", "Thanks to whoever posted the {item} — picked it up today, works great!",
  "Heads up: the field/rink schedule changed for Saturday.", "Who's going to the gear swap next weekend?", "Posted a {item}, {price} if anyone needs it.",
  "Anyone know a good place for sharpening/tune-ups around here?", "Great turnout today, thanks everyone!", "Carpool for Sunday? I have two seats.",
  "Lost and found: a {item} was left behind after practice.", "Is anyone else selling a {item}? Looking for a second one.",
  "Welcome to the new members this month!", "Reminder: label your gear, it all looks the same in the bin.",
];
export const ANNOUNCEMENTS = [
  "Season registration is open — sign up by the end of the month.", "Gear swap this Saturday 9–12 at the usual spot. Bring what your family has outgrown!",
  "Please keep listings in this group related to our sport. Thanks!", "Volunteers needed for the end-of-season cleanup — reply here if you can help.",
  "New members: please read the pinned guidelines before posting.", "We're collecting donated gear for families who need it; drop-offs welcome at practice.",
];
export const DM_LINES = [
  "Hey! Saw your post in the group — is the {item} still around?", "Thanks again for the {item}, it fits perfectly.", "Are you going to practice on Thursday?",
  "Could you hold it until Saturday?", "Sure, no problem.", "I'll bring cash.", "Running 10 minutes late, sorry!", "Want to split a carpool to the tournament?",
  "Do you know anyone selling a {item}?", "Sounds good, see you there.",
];
export const REQUEST_TITLES = [
  "Looking for a {item}", "ISO: {item}, {size}", "Need a {item} before next season", "Wanted: gently used {item}", "Anyone have a spare {item}?",
];
export const REVIEW_COMMENTS: Readonly<Record<number, readonly (string | null)[]>> = {
  5: ["Exactly as described, easy pickup. Thanks!", "Great seller, super friendly.", "Item was better than the photos.", null],
  4: ["Good condition, pickup was quick.", "As described, a little late to pickup but fine.", null],
  3: ["OK item, a bit more worn than listed.", "Fine, communication was slow.", null],
  2: ["More wear than described.", "Had to reschedule pickup twice."],
  1: ["Item did not match the description.", "Never showed up to the first pickup."],
};
