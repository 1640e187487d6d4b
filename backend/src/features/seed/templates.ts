/**
 * Sentences of the demo descriptions, with slots the generator fills with words of the right kind:
 * {company}, {product}, {product2}, {codename} (names the company owns), {customers}, {noun}, {noun2},
 * {team} (its topic), {tech}, {tech2}, {skill1}, {skill2} (the role's technologies), {city}, {city2},
 * {country}, {hq}, {bigCity} (places), {person}, {first}, {first2}, {manager}, {recruiter}, {roster} (people),
 * {client}, {clientRole} (another company, a role there), {street}, {pet}, {breed}, {book}, {dish}, {partner} (another company's product), {language}, {title},
 * {department}, {years}, {n}, {big}, {pct}, {founded}, {weekday}. An 'a' before a slot becomes 'an' when the
 * word wants it.
 */

export const ABOUT = [
  'We were founded in {founded} and are headquartered in {hq}, with people in {n} countries.',
  'Today more than {big} {customers} in {country}, {country} and beyond rely on us every day.',
  'Our customers range from small {customers} in {city} to some of the largest {customers} in {country}.',
  'We have grown from a team of three in {hq} to a company with colleagues in {city}, {city2} and {country}.',
  'Last year we processed more than {big} {noun} for our customers.',
  'Our customers include {client}, {client2} and {client3}.',
  '{client} and {client2} switched to us last year, and {client3} joined them this spring.',
  'We have hubs in {city}, {city2} and {city3}, and colleagues wherever there is good internet.',
  'Our head office is at {street} {n} in {hq}, a short walk from the station.',
  '“{product} saved us {n} hours a week,” says {person}, {clientRole} at {client}.',
  'We are profitable, independent and growing {pct}% a year.',
  'Our investors are in it for the long term, and so are we.',
  'Most of us work remotely; some of us meet in our {hq} office a few times a month.',
  'We care about {noun} because our customers do: getting them wrong costs real people real money.',
  'Since {founded} we have helped {customers} handle {noun} and {noun2} without the spreadsheets.',
];

export const PRODUCT = [
  '{product} is our flagship product: it helps {customers} manage {noun} from a single place.',
  'Over {big} {customers} use {product} to keep track of {noun}.',
  '{product} replaced three tools for most of our customers, and {product2} is on the way to doing the same for {noun2}.',
  'We are building {product2}, a new way for {customers} to handle {noun}; it launched in beta in {city} this spring.',
  'Behind {product} sits a platform built with {tech} and {tech2} that handles {big} requests a day.',
  'This year we are working on {codename}, which brings {noun} and {noun2} together in {product}.',
  'Our customers tell us {product} saves them {n} hours a week on {noun}.',
  '“We could not run our {noun} without {product},” says {person}, {clientRole} at {client}.',
  '{product} integrates with the tools our customers already use, from accounting software to {noun2} systems.',
  '{product} connects to {partner}, {partner2} and {partner3} out of the box.',
  'Customers such as {client} use {product} alongside {partner} and {partner2}.',
  'We release {product} to customers several times a day and listen closely to what they say.',
];

export const ROLE_OPENERS = [
  'We are looking for a {title} to join our {department} team.',
  'We are hiring a {title} to help us take {product} to the next {n} countries.',
  'As a {title} at {company}, you will work on {product} and the systems behind it.',
  'Join us as a {title} and help {customers} spend less time on {noun}.',
  'We are growing our {department} team and looking for a {title} who enjoys working close to customers.',
];

export const ROLE_MORE = [
  'You will report to {person}, our {manager}.',
  'The {team} team works closely with the people who build {product}.',
  'In your first 90 days you will learn {product} inside out, meet customers in {city}, and own a part of our {noun} work.',
  'This role is new: it exists because {product} has grown faster than we planned.',
  'You will work closely with {first} and {first2} from {department} and with our {team} team.',
  'Expect a mix of hands-on work and planning, roughly {pct}% building and the rest talking to people.',
];

export const TEAM = [
  'The {team} team is {n} people across {city}, {city2} and {country}.',
  'Today the team includes {person}, {first} and {first2}, who joined us from companies of every size.',
  'We work in two-week cycles, demo our work every {weekday} and write down every decision.',
  'Our {team} team owns {noun} end to end, from the first sketch to the support tickets.',
  'The team has shipped {n} releases of {product} this year, including {codename}.',
  'You will pair often, especially in your first weeks, with {first} as your onboarding buddy.',
  'Meet some of the people you will work with: {roster}.',
  'Our {hq} office has a resident dog, {pet}, a {breed} who attends most stand-ups.',
  'The team today: {roster}.',
  'We keep calendars light: most of us have fewer than {n} hours of meetings a week.',
];

export const HOW_WE_WORK = [
  'We write things down, so everyone can work from anywhere.',
  'We ship small changes often and learn from our customers.',
  '{weekday} afternoons are free of meetings, everywhere in the company.',
  'Our core hours are 3 pm to 5 pm {bigCity} time; the rest of the day is yours to plan.',
  'We meet in person twice a year, most recently in {city} and {city2}.',
  'We use {tool} and {tool2} every day, and we review every change before it ships.',
  'Our handbook is public, and anyone can suggest a change to it.',
  'Our book club is reading “{book}” this month; {first} picked it.',
  'Lunch in our {hq} office is on us every {weekday}; last week it was {dish}.',
  'Decisions are made in writing, in the open, by the people closest to the work.',
  'We are a diverse team and hire people from every background.',
  'Our team spans more than {n} countries, from {country} to {country2}.',
];

export const NICE_TO_HAVE = [
  'You have worked on {noun} before, ideally for {customers}',
  'You have lived or worked in {country} or speak a second language',
  'You speak {language} or {language2}: many of our customers do',
  'Experience with {partner} or {partner2}',
  'You have used {product} or a similar tool as a customer',
];

/** More nice-to-haves of technical roles. */
export const TECH_NICE_TO_HAVE = [
  'Experience with {tech} or {tech2}',
  'Some exposure to {tech} in production',
  'Contributions to open-source projects written in {tech}',
];

export const HIRING_STEPS = [
  'A 30-minute call with {recruiter}, our recruiter',
  'A conversation with {person}, your future manager, about your experience',
  'A practical exercise that takes about two hours, paid for, done in your own time',
  'A technical conversation with two people from the team, based on your exercise',
  'A values interview with {first} from another team',
  'Reference checks and an offer, usually within {n} days of your first call',
  'A chat with our founders about where {company} is going',
];

export const CLOSINGS = [
  '{company} is an equal-opportunity employer. We welcome applicants of every background.',
  '{company} is an equal-opportunity employer. If you need an adjustment during the process, tell {recruiter} and we will make it.',
  'We welcome applications from people of every background. Not sure you meet every requirement? Apply anyway.',
];

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
