 BERT: Pre-training of deep bidirectional transformers for language understanding | 2019 |          |     | ok      
 BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding | 2019 |          |     | ok      
 BERT: Pre-training of deep bidirectional transformers for language understanding | 2019 |          |     | ok      
 BERT: Pre-training of deep bidirectional transformers for language understanding | 2019 |          |     | ok      
 BERT: pre-training of deep bidirectional transformers for language understanding | 2018 | 1810.04805 |     | ok      
 Deep learning | 2015 |          | 10.1038/nature14539 | ok      
 Scaling laws for neural language models | 2020 | 2001.08361 |     | ok      
 Bert: Pre-trainingofdeep bidirectional transformers for language understanding | 2018 | 1810.04805 |     | ok      
 Zeroinfinity: Breaking the gpu memory wall for extreme scale deep learning |      |          |     | ok      
 Anti-de Sitter space and holography | 1998 | hep-th/9802150 |     | ok      
 LoRA: Low-rank adaptation of large language models | 2022 | 2106.09685 | 10.48550/arxiv.2106.09685 | ok      
 Triggers of motion sickness in migraine sufferers. Headache | 2005 |          | 10.1111/j.1526-4610.2005.05132.x | ok      
