Feature: 2. Applying Card Effects
  Transcribes the rulebook section "2. Applying Card Effects": Shadowing is
  announced, turned over and carried out first, on its own; then every other
  card is turned over at once and the cards take effect from the lowest
  number to the highest.

  @SD-REV-01
  Rule: When Shadowing was chosen, it alone is turned over first and carried out while every other card is still face down
    Source: 2. Applying Card Effects ¶54

    Example: Red's Shadowing is shown and carried out before the rest is revealed
      Given a game of Red, Yellow, Green and Blue
      And Red stands on House 1
      And Yellow has chosen Foot Patrol 001, Green has chosen Dead End and Blue has chosen Police Raid
      And Red holds Shadowing
      When Red plays Shadowing
      Then the cards revealed are Shadowing
      And Red stands on the street facing House 1
      And Red must shadow Yellow, Green or Blue
      And only Yellow's view shows the cards Yellow chose
      And only Blue's view shows the cards Blue chose

  @SD-REV-02
  Rule: All other cards are turned over together, in one reveal
    Source: 2. Applying Card Effects ¶54

    Example: after the Shadowing, the three other cards appear at once
      Given a game of Red, Yellow, Green and Blue
      And Yellow has chosen Foot Patrol 001, Green has chosen Dead End and Blue has chosen Police Raid
      And Red holds Shadowing
      When Red plays Shadowing
      And Red shadows Yellow
      Then the cards Foot Patrol 001, Dead End and Police Raid were revealed together

    Example: without Shadowing, every card appears at once
      Given a game of Red, Yellow and Green
      And Red has chosen Dead End and Yellow has chosen Foot Patrol 002
      And Green holds Foot Patrol 001
      When Green plays Foot Patrol 001
      Then the cards Foot Patrol 001, Foot Patrol 002 and Dead End were revealed together

  @SD-REV-03
  Rule: The cards take effect from the lowest number to the highest, after Shadowing
    Source: 2. Applying Card Effects ¶54

    Example: Dead End before Informant before Disguise, so the Disguise finds nobody next to Red
      Given a game of Red, Yellow and Green
      And Red stands on House 2
      And Yellow stands on House 3
      And Green stands on House 1
      And Yellow has chosen Dead End and Green has chosen Informant
      And Red holds Disguise
      When Red plays Disguise
      Then the cards take effect in this order: Dead End, Informant, Disguise
      And Red and Yellow stand on House 2
      And Green stands on the Bar

    Example: Shadowing comes before Foot Patrol 001
      Given a game of Red, Yellow, Green and Blue
      And Yellow has chosen Foot Patrol 001, Green has chosen Police Raid and Blue has chosen Dead End
      And Red holds Shadowing
      When Red plays Shadowing
      And Red shadows Green
      Then the cards take effect in this order: Shadowing, Foot Patrol 001, Dead End, Police Raid
