/**
 * arXiv's category taxonomy (https://arxiv.org/category_taxonomy) as data: the coarse topic layer.
 * Aliased pairs (cs.IT = math.IT, cs.SY = eess.SY, math.ST = stat.TH, math.MP = math-ph, q-fin.EC = econ.GN)
 * are all listed, because papers carry either id.
 */

export interface ArxivCategory {
  id: string;
  name: string;
  /** 'cs', 'math', 'astro-ph', 'q-bio'... (for single-category archives like 'hep-th', the id itself). */
  archive: string;
  group: string;
}

type Rows = readonly (readonly [code: string, name: string])[];

const GROUPS: readonly { group: string; archives: readonly { archive: string; rows: Rows }[] }[] = [
  {
    group: 'Computer Science',
    archives: [
      {
        archive: 'cs',
        rows: [
          ['AI', 'Artificial Intelligence'],
          ['AR', 'Hardware Architecture'],
          ['CC', 'Computational Complexity'],
          ['CE', 'Computational Engineering, Finance, and Science'],
          ['CG', 'Computational Geometry'],
          ['CL', 'Computation and Language'],
          ['CR', 'Cryptography and Security'],
          ['CV', 'Computer Vision and Pattern Recognition'],
          ['CY', 'Computers and Society'],
          ['DB', 'Databases'],
          ['DC', 'Distributed, Parallel, and Cluster Computing'],
          ['DL', 'Digital Libraries'],
          ['DM', 'Discrete Mathematics'],
          ['DS', 'Data Structures and Algorithms'],
          ['ET', 'Emerging Technologies'],
          ['FL', 'Formal Languages and Automata Theory'],
          ['GL', 'General Literature'],
          ['GR', 'Graphics'],
          ['GT', 'Computer Science and Game Theory'],
          ['HC', 'Human-Computer Interaction'],
          ['IR', 'Information Retrieval'],
          ['IT', 'Information Theory'],
          ['LG', 'Machine Learning'],
          ['LO', 'Logic in Computer Science'],
          ['MA', 'Multiagent Systems'],
          ['MM', 'Multimedia'],
          ['MS', 'Mathematical Software'],
          ['NA', 'Numerical Analysis'],
          ['NE', 'Neural and Evolutionary Computing'],
          ['NI', 'Networking and Internet Architecture'],
          ['OH', 'Other Computer Science'],
          ['OS', 'Operating Systems'],
          ['PF', 'Performance'],
          ['PL', 'Programming Languages'],
          ['RO', 'Robotics'],
          ['SC', 'Symbolic Computation'],
          ['SD', 'Sound'],
          ['SE', 'Software Engineering'],
          ['SI', 'Social and Information Networks'],
          ['SY', 'Systems and Control'],
        ],
      },
    ],
  },
  {
    group: 'Economics',
    archives: [
      {
        archive: 'econ',
        rows: [
          ['EM', 'Econometrics'],
          ['GN', 'General Economics'],
          ['TH', 'Theoretical Economics'],
        ],
      },
    ],
  },
  {
    group: 'Electrical Engineering and Systems Science',
    archives: [
      {
        archive: 'eess',
        rows: [
          ['AS', 'Audio and Speech Processing'],
          ['IV', 'Image and Video Processing'],
          ['SP', 'Signal Processing'],
          ['SY', 'Systems and Control'],
        ],
      },
    ],
  },
  {
    group: 'Mathematics',
    archives: [
      {
        archive: 'math',
        rows: [
          ['AC', 'Commutative Algebra'],
          ['AG', 'Algebraic Geometry'],
          ['AP', 'Analysis of PDEs'],
          ['AT', 'Algebraic Topology'],
          ['CA', 'Classical Analysis and ODEs'],
          ['CO', 'Combinatorics'],
          ['CT', 'Category Theory'],
          ['CV', 'Complex Variables'],
          ['DG', 'Differential Geometry'],
          ['DS', 'Dynamical Systems'],
          ['FA', 'Functional Analysis'],
          ['GM', 'General Mathematics'],
          ['GN', 'General Topology'],
          ['GR', 'Group Theory'],
          ['GT', 'Geometric Topology'],
          ['HO', 'History and Overview'],
          ['IT', 'Information Theory'],
          ['KT', 'K-Theory and Homology'],
          ['LO', 'Logic'],
          ['MG', 'Metric Geometry'],
          ['MP', 'Mathematical Physics'],
          ['NA', 'Numerical Analysis'],
          ['NT', 'Number Theory'],
          ['OA', 'Operator Algebras'],
          ['OC', 'Optimization and Control'],
          ['PR', 'Probability'],
          ['QA', 'Quantum Algebra'],
          ['RA', 'Rings and Algebras'],
          ['RT', 'Representation Theory'],
          ['SG', 'Symplectic Geometry'],
          ['SP', 'Spectral Theory'],
          ['ST', 'Statistics Theory'],
        ],
      },
    ],
  },
  {
    group: 'Physics',
    archives: [
      {
        archive: 'astro-ph',
        rows: [
          ['CO', 'Cosmology and Nongalactic Astrophysics'],
          ['EP', 'Earth and Planetary Astrophysics'],
          ['GA', 'Astrophysics of Galaxies'],
          ['HE', 'High Energy Astrophysical Phenomena'],
          ['IM', 'Instrumentation and Methods for Astrophysics'],
          ['SR', 'Solar and Stellar Astrophysics'],
        ],
      },
      {
        archive: 'cond-mat',
        rows: [
          ['dis-nn', 'Disordered Systems and Neural Networks'],
          ['mes-hall', 'Mesoscale and Nanoscale Physics'],
          ['mtrl-sci', 'Materials Science'],
          ['other', 'Other Condensed Matter'],
          ['quant-gas', 'Quantum Gases'],
          ['soft', 'Soft Condensed Matter'],
          ['stat-mech', 'Statistical Mechanics'],
          ['str-el', 'Strongly Correlated Electrons'],
          ['supr-con', 'Superconductivity'],
        ],
      },
      { archive: 'gr-qc', rows: [['', 'General Relativity and Quantum Cosmology']] },
      { archive: 'hep-ex', rows: [['', 'High Energy Physics - Experiment']] },
      { archive: 'hep-lat', rows: [['', 'High Energy Physics - Lattice']] },
      { archive: 'hep-ph', rows: [['', 'High Energy Physics - Phenomenology']] },
      { archive: 'hep-th', rows: [['', 'High Energy Physics - Theory']] },
      { archive: 'math-ph', rows: [['', 'Mathematical Physics']] },
      {
        archive: 'nlin',
        rows: [
          ['AO', 'Adaptation and Self-Organizing Systems'],
          ['CD', 'Chaotic Dynamics'],
          ['CG', 'Cellular Automata and Lattice Gases'],
          ['PS', 'Pattern Formation and Solitons'],
          ['SI', 'Exactly Solvable and Integrable Systems'],
        ],
      },
      { archive: 'nucl-ex', rows: [['', 'Nuclear Experiment']] },
      { archive: 'nucl-th', rows: [['', 'Nuclear Theory']] },
      {
        archive: 'physics',
        rows: [
          ['acc-ph', 'Accelerator Physics'],
          ['ao-ph', 'Atmospheric and Oceanic Physics'],
          ['app-ph', 'Applied Physics'],
          ['atm-clus', 'Atomic and Molecular Clusters'],
          ['atom-ph', 'Atomic Physics'],
          ['bio-ph', 'Biological Physics'],
          ['chem-ph', 'Chemical Physics'],
          ['class-ph', 'Classical Physics'],
          ['comp-ph', 'Computational Physics'],
          ['data-an', 'Data Analysis, Statistics and Probability'],
          ['ed-ph', 'Physics Education'],
          ['flu-dyn', 'Fluid Dynamics'],
          ['gen-ph', 'General Physics'],
          ['geo-ph', 'Geophysics'],
          ['hist-ph', 'History and Philosophy of Physics'],
          ['ins-det', 'Instrumentation and Detectors'],
          ['med-ph', 'Medical Physics'],
          ['optics', 'Optics'],
          ['plasm-ph', 'Plasma Physics'],
          ['pop-ph', 'Popular Physics'],
          ['soc-ph', 'Physics and Society'],
          ['space-ph', 'Space Physics'],
        ],
      },
      { archive: 'quant-ph', rows: [['', 'Quantum Physics']] },
    ],
  },
  {
    group: 'Quantitative Biology',
    archives: [
      {
        archive: 'q-bio',
        rows: [
          ['BM', 'Biomolecules'],
          ['CB', 'Cell Behavior'],
          ['GN', 'Genomics'],
          ['MN', 'Molecular Networks'],
          ['NC', 'Neurons and Cognition'],
          ['OT', 'Other Quantitative Biology'],
          ['PE', 'Populations and Evolution'],
          ['QM', 'Quantitative Methods'],
          ['SC', 'Subcellular Processes'],
          ['TO', 'Tissues and Organs'],
        ],
      },
    ],
  },
  {
    group: 'Quantitative Finance',
    archives: [
      {
        archive: 'q-fin',
        rows: [
          ['CP', 'Computational Finance'],
          ['EC', 'Economics'],
          ['GN', 'General Finance'],
          ['MF', 'Mathematical Finance'],
          ['PM', 'Portfolio Management'],
          ['PR', 'Pricing of Securities'],
          ['RM', 'Risk Management'],
          ['ST', 'Statistical Finance'],
          ['TR', 'Trading and Market Microstructure'],
        ],
      },
    ],
  },
  {
    group: 'Statistics',
    archives: [
      {
        archive: 'stat',
        rows: [
          ['AP', 'Applications'],
          ['CO', 'Computation'],
          ['ME', 'Methodology'],
          ['ML', 'Machine Learning'],
          ['OT', 'Other Statistics'],
          ['TH', 'Statistics Theory'],
        ],
      },
    ],
  },
];

export const ARXIV_CATEGORIES: readonly ArxivCategory[] = GROUPS.flatMap(({ group, archives }) =>
  archives.flatMap(({ archive, rows }) =>
    rows.map(([code, name]) => ({ id: code ? `${archive}.${code}` : archive, name, archive, group })),
  ),
);

const BY_ID = new Map(ARXIV_CATEGORIES.map((c) => [c.id, c]));

export function arxivCategory(id: string): ArxivCategory | undefined {
  return BY_ID.get(id);
}

/** The category's display name, or the id itself for a category arXiv does not (or no longer) list. */
export function categoryName(id: string): string {
  return BY_ID.get(id)?.name ?? id;
}
